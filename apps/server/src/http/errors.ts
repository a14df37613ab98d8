import { ERROR_CODES, type ErrorCode, GENERIC_MESSAGES, HTTP_MESSAGES } from "@app/shared";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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
export const forbidden = (message: string) => new AppError(403, ERROR_CODES.forbidden, message);

export function errorBody(code: string, message: string, title?: string) {
  return { error: title ? { code, message, title } : { code, message } };
}

export type ErrorBody = ReturnType<typeof errorBody>;

/** The code of a 4xx the app did not raise itself (Fastify's, a plugin's), by its status. */
const CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  408: ERROR_CODES.requestTimeout,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  414: ERROR_CODES.uriTooLong,
  415: ERROR_CODES.unsupportedMediaType,
  416: ERROR_CODES.rangeNotSatisfiable,
  429: ERROR_CODES.rateLimited,
  431: ERROR_CODES.headersTooLarge,
};

/** Fastify's own failures, said in the app's words (theirs name Fastify's internals). */
function frameworkMessage(err: Partial<FastifyError>, request?: FastifyRequest): string | undefined {
  switch (err.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return GENERIC_MESSAGES.malformedJson;
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return HTTP_MESSAGES.emptyJson;
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return HTTP_MESSAGES.unsupportedMediaType(String(request?.headers["content-type"] ?? "").split(";")[0] ?? "");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return HTTP_MESSAGES.payloadTooLarge;
    case "FST_ERR_BAD_URL":
      return HTTP_MESSAGES.badUrl;
    case "FST_ERR_MAX_PARAM_LENGTH":
      return HTTP_MESSAGES.uriTooLong;
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return HTTP_MESSAGES.unreadableRequest;
  }
  // a parser's failure that carries a 4xx (a SyntaxError of the app's own code has none, and stays a 500)
  if (err instanceof SyntaxError) return GENERIC_MESSAGES.malformedJson;
  return undefined;
}

/**
 * What any failure answers: the one place that turns an error into a status and `{ error: { code, message } }`.
 * A 4xx keeps its status; anything else is a 500 that says nothing of its cause (the cause goes to the log).
 */
export function describeError(
  err: unknown,
  request?: FastifyRequest,
): { statusCode: number; body: ErrorBody; unexpected: boolean } {
  if (err instanceof AppError) {
    return { statusCode: err.statusCode, body: errorBody(err.code, err.message, err.title), unexpected: false };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const field = first?.instancePath?.replace(/^\//, "").replace(/\//g, ".");
    const message = first?.message ?? "Invalid request";
    return {
      statusCode: 400,
      body: errorBody(ERROR_CODES.validation, field ? `${field}: ${message}` : message),
      unexpected: false,
    };
  }
  const e = (typeof err === "object" && err !== null ? err : {}) as Partial<FastifyError>;
  const status = e.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const message =
      frameworkMessage(e, request) ??
      (typeof e.message === "string" && e.message ? e.message : GENERIC_MESSAGES.unexpected);
    return {
      statusCode: status,
      body: errorBody(CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest, message),
      unexpected: false,
    };
  }
  return { statusCode: 500, body: errorBody(ERROR_CODES.internal, GENERIC_MESSAGES.unexpected), unexpected: true };
}

function sendError(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, body, unexpected } = describeError(err, request);
  if (unexpected) request.log.error({ err }, "unhandled error");
  return reply.status(statusCode).send(body);
}

/** One error shape for every route: `{ error: { code, message } }`, 4xx for the caller's mistakes. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => sendError(err, request, reply));
}

/**
 * Fastify's `frameworkErrors`: failures found before any route is chosen (a malformed %-escape, a path
 * parameter over the length limit). They would otherwise answer in Fastify's own shape.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(err, request, reply);
}

const CLIENT_ERRORS: Record<string, { statusCode: number; code: string; message: string; reason: string }> = {
  HPE_HEADER_OVERFLOW: {
    statusCode: 431,
    code: ERROR_CODES.headersTooLarge,
    message: HTTP_MESSAGES.headersTooLarge,
    reason: "Request Header Fields Too Large",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    statusCode: 408,
    code: ERROR_CODES.requestTimeout,
    message: HTTP_MESSAGES.requestTimeout,
    reason: "Request Timeout",
  },
};

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before Fastify sees them (headers over
 * the size limit, a request line it cannot read). The answer is written to the socket by hand, in the shape.
 */
export function clientErrorHandler(
  this: { log: { trace(obj: object, msg: string): void } },
  err: NodeJS.ErrnoException,
  socket: import("node:stream").Duplex,
) {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const known = CLIENT_ERRORS[err.code ?? ""] ?? {
    statusCode: 400,
    code: ERROR_CODES.badRequest,
    message: HTTP_MESSAGES.unreadableRequest,
    reason: "Bad Request",
  };
  this.log.trace({ err }, "client error");
  if (socket.writable) {
    const body = JSON.stringify(errorBody(known.code, known.message));
    socket.write(
      `HTTP/1.1 ${known.statusCode} ${known.reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
