import {
  POST_CSV_EXPORT_FILE,
  POST_CSV_MAX_BYTES,
  POST_CSV_MESSAGES,
  POST_CSV_TEMPLATE_FILE,
  postCsvExportQuerySchema,
  postCsvImportQuerySchema,
  postCsvImportResponseSchema,
  postCsvPreviewResponseSchema,
} from "@app/shared";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { withUploadedFile } from "../../http/multipart";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import type { PostCsvService } from "./post-csv.service";

const csvHeaders = (reply: FastifyReply, file: string) =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${file}"`)
    .header("cache-control", "private, no-store");

/** Posts in and out by CSV (issue 23): the export of the posts list's filter, the import's preview and import. */
export async function postCsvRoutes(app: FastifyInstance, opts: { auth: Auth; service: PostCsvService }) {
  const { service } = opts;
  // One file per call, its size limited while it streams (a larger file is read to its end and refused).
  await app.register(multipart, {
    limits: { fileSize: POST_CSV_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 50 },
    throwFileSizeLimit: false,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["posts"];

  r.get(
    "/api/posts/export.csv",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "The posts of the list's filter (from, to, status, campaign or none, search) as a CSV file in the import's columns, soonest first",
        querystring: postCsvExportQuerySchema,
      },
    },
    async (req, reply) => {
      const file = await service.exportCsv(memberOf(req), req.query, (err) =>
        req.log.error({ err }, "posts export stopped"),
      );
      return csvHeaders(reply, POST_CSV_EXPORT_FILE).send(file);
    },
  );

  r.get(
    "/api/posts/import/template.csv",
    { preHandler, schema: { tags, summary: "A CSV file of the import's columns with an example row" } },
    async (req, reply) =>
      csvHeaders(reply, POST_CSV_TEMPLATE_FILE).send(
        service.template((err) => req.log.error({ err }, "template stopped")),
      ),
  );

  r.post(
    "/api/posts/import/preview",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Reads a CSV file of posts (multipart/form-data, field `file`, at most 1,000 rows) and returns each row with its problems, saving nothing",
        consumes: ["multipart/form-data"],
        querystring: postCsvImportQuerySchema,
        response: { 200: postCsvPreviewResponseSchema },
      },
    },
    async (req) =>
      withUploadedFile(req, "file", POST_CSV_MESSAGES.noFile, (part) =>
        service.preview(memberOf(req), req.query, part.file),
      ),
  );

  r.post(
    "/api/posts/import",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Imports a CSV file of posts (multipart/form-data, field `file`, at most 1,000 rows): the rows without problems are saved as the mode says; the others are returned with why, and as a file to fix",
        consumes: ["multipart/form-data"],
        querystring: postCsvImportQuerySchema,
        response: { 200: postCsvImportResponseSchema },
      },
    },
    async (req) =>
      withUploadedFile(req, "file", POST_CSV_MESSAGES.noFile, (part) =>
        service.import(memberOf(req), req.query, part.file),
      ),
  );
}
