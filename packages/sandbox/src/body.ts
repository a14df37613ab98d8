import { HTTP_MESSAGES } from "@app/shared";
import { JSON_MAX_DEPTH, jsonNestedDeeperThan } from "@app/shared/rules/json-depth";
import type { FastifyInstance } from "fastify";

/**
 * JSON bodies, parsed as the app parses them: refused beyond JSON_MAX_DEPTH levels of nesting (a 400 before
 * parsing), then Fastify's own parser, which refuses `__proto__` and `constructor.prototype` keys. In the
 * sandbox's own scope, so it holds however the sandbox is served (inside the app, or on a bare Fastify).
 */
export function parseJsonWithDepthLimit(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (jsonNestedDeeperThan(text, JSON_MAX_DEPTH)) {
      done(Object.assign(new Error(HTTP_MESSAGES.jsonTooDeep(JSON_MAX_DEPTH)), { statusCode: 400 }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
