import { existsSync } from "node:fs";
import path from "node:path";
import { ERROR_CODES, HTTP_MESSAGES } from "@app/shared";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors";

/**
 * Serves the built web app; any other GET that asks for HTML gets index.html (client-side routes), except `/`:
 * the build writes the landing page's markup into landing.html (apps/web/vite.config.ts), so that a visitor's
 * browser paints it from the HTML instead of waiting for the script; index.html stays empty for every other
 * route, which must not flash the landing page before its own screen. The build
 * writes a .br and a .gz copy beside each text file (scripts/precompress.mjs): the one the browser accepts is
 * sent as it is (brotli first), with Vary: Accept-Encoding. Hashed files under /assets/ never change, so browsers
 * keep them for a year; index.html is checked each time, so a new build is picked up at once.
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const hasBuild = existsSync(path.join(webDist, "index.html"));
  // A build from before the landing page was rendered at build time has none: `/` gets index.html then.
  const hasLanding = hasBuild && existsSync(path.join(webDist, "landing.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are found beside each file; they are not addresses of their own.
      globIgnore: ["**/*.br", "**/*.gz"],
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
      const page = pathname === "/" && hasLanding ? "landing.html" : "index.html";
      return reply.header("cache-control", "no-cache").sendFile(page);
    }
    return reply.status(404).send(errorBody(ERROR_CODES.notFound, HTTP_MESSAGES.noRoute(request.method, pathname)));
  });
}
