import {
  createTaskBodySchema,
  listTasksQuerySchema,
  taskListResponseSchema,
  taskResponseSchema,
  updateTaskBodySchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import type { TasksService } from "./tasks.service";

/** Any id is taken: one that is not a task's of the workspace (a uuid or not) answers 404. */
const idParams = z.object({ id: z.string().describe("the task's id") });

export async function tasksRoutes(app: FastifyInstance, opts: { auth: Auth; service: TasksService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["tasks"];

  r.get(
    "/api/tasks",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "The tasks of the current workspace, newest first, by status, priority, assignee (a user id or `me`) or part of the title or description",
        querystring: listTasksQuerySchema,
        response: { 200: taskListResponseSchema },
      },
    },
    async (req) => ({ tasks: await service.list(memberOf(req), req.query) }),
  );

  r.post(
    "/api/tasks",
    {
      preHandler,
      schema: {
        tags,
        summary: "Create a task (any member)",
        body: createTaskBodySchema,
        response: { 201: taskResponseSchema },
      },
    },
    async (req, reply) => reply.status(201).send({ task: await service.create(memberOf(req), req.body) }),
  );

  r.patch(
    "/api/tasks/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Change the fields sent of a task (owners, admins and editors; others their own or their assigned)",
        params: idParams,
        body: updateTaskBodySchema,
        response: { 200: taskResponseSchema },
      },
    },
    async (req) => ({ task: await service.update(memberOf(req), req.params.id, req.body) }),
  );

  r.delete(
    "/api/tasks/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Delete a task (owners, admins and editors; others those they created)",
        params: idParams,
      },
    },
    async (req, reply) => {
      await service.remove(memberOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
