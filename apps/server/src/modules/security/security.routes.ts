import type { FastifyInstance } from "fastify";
import type { UserRoutesDeps } from "../../http/user-routes-deps";

export async function securityRoutes(_app: FastifyInstance, _deps: UserRoutesDeps) {}
