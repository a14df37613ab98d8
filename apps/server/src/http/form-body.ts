import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "./errors";
import { hasClientStatus } from "./multipart";

/** A form's few short fields: anything longer is not the form a route of this kind takes. */
const FORM_BODY_LIMIT = 4096;

/**
 * Lets the routes of a scope of their own take a small HTML-style form, `application/x-www-form-urlencoded` or
 * `multipart/form-data` (fields only, no file), and nothing else: what other servers post to a link (a mail
 * client's one-click unsubscribe). Read a field with formField().
 */
export async function registerFormBodies(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  await scope.register(multipart, {
    limits: { fields: 4, fieldSize: 256, files: 0, parts: 4, headerPairs: 20, fieldNameSize: 100 },
  });
}

/**
 * The value of the field `name` of the request's form (the last one given), or undefined. A multipart body that
 * cannot be read is a 400 with `unreadable` (or the 4xx the parser gave it: a limit).
 */
export async function formField(req: FastifyRequest, name: string, unreadable: string): Promise<string | undefined> {
  if (!req.isMultipart()) {
    const body = req.body as Record<string, unknown> | undefined;
    const value = body && typeof body === "object" && Object.hasOwn(body, name) ? body[name] : undefined;
    return typeof value === "string" ? value : undefined;
  }
  let value: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === "file") {
        part.file.resume();
        continue;
      }
      if (part.fieldname === name && typeof part.value === "string") value = part.value;
    }
  } catch (err) {
    if (hasClientStatus(err)) throw err;
    throw badRequest(unreadable);
  }
  return value;
}
