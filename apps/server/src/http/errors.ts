import { ERROR_CODES, type ErrorCode, GENERIC_MESSAGES } from "@app/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** An expected failure with a status and a message meant for the user. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message: string,
    /** the spec's heading for the message, where it gives one */
    readonly title?: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string = GENERIC_MESSAGES.notFound) =>
  new AppError(404, ERROR_CODES.notFound, message);
export const unauthorized = (message: string) => new AppError(401, ERROR_CODES.unauthorized, message);
export const badRequest = (message: string) => new AppError(400, ERROR_CODES.validation, message);

export function errorBody(code: string, message: string, title?: string) {
  return { error: title ? { code, message, title } : { code, message } };
}

/** One error shape for every route: `{ error: { code, message } }`, 4xx for the caller's mistakes. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.title));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, "").replace(/\//g, ".");
      const message = first?.message ?? "Invalid request";
      return reply.status(400).send(errorBody(ERROR_CODES.validation, field ? `${field}: ${message}` : message));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err instanceof SyntaxError
          ? ERROR_CODES.badRequest
          : status === 429
            ? ERROR_CODES.rateLimited
            : status === 413
              ? ERROR_CODES.payloadTooLarge
              : ERROR_CODES.badRequest;
      const message =
        err instanceof SyntaxError || err.code === "FST_ERR_CTP_INVALID_JSON_BODY"
          ? GENERIC_MESSAGES.malformedJson
          : err.message;
      return reply.status(status).send(errorBody(code, message));
    }
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send(errorBody(ERROR_CODES.internal, GENERIC_MESSAGES.unexpected));
  });
}
