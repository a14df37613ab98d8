import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import type { Auth } from "../auth/auth";

export interface ResultsRouteOptions {
  auth: Auth;
  db: Db;
  now?: () => Date;
}

export async function analyticsRoutes(_app: FastifyInstance, _opts: ResultsRouteOptions) {}
