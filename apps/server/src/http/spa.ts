import { existsSync } from "node:fs";
import path from "node:path";
import { ERROR_CODES, HTTP_MESSAGES } from "@app/shared";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors";

/** Serves the built web app; any other GET that asks for HTML gets index.html (client-side routes). */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const hasBuild = existsSync(path.join(webDist, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !pathname.startsWith("/api/") &&
      !path.extname(pathname);
    if (hasBuild && wantsPage) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send(errorBody(ERROR_CODES.notFound, HTTP_MESSAGES.noRoute(request.method, pathname)));
  });
}
