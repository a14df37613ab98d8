import { ERROR_CODES, HTTP_MESSAGES } from "@app/shared";
import { JSON_MAX_DEPTH, jsonNestedDeeperThan } from "@app/shared/rules/json-depth";
import type { FastifyInstance } from "fastify";
import { AppError } from "./errors";

/**
 * The app's only parsers: JSON, refused beyond JSON_MAX_DEPTH levels of nesting (before it is parsed, so no
 * recursive walk of it can overflow the stack), with Fastify's own parser behind it so that `__proto__` and
 * `constructor.prototype` keys stay refused. Fastify's text/plain parser goes: no route takes text, and a
 * text/plain body is what a cross-site form can send without asking first. Registered on the root, so every
 * route inherits it (the sandbox's scope included); a scope that takes other bodies (uploads, the Stripe
 * webhook) adds its own parser for them.
 */
export function registerBodyParsers(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (jsonNestedDeeperThan(text, JSON_MAX_DEPTH)) {
      done(new AppError(400, ERROR_CODES.badRequest, HTTP_MESSAGES.jsonTooDeep(JSON_MAX_DEPTH)), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
