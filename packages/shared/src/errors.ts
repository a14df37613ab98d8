import { z } from "zod";

/** Every failed API call answers with this body and a 4xx (a 5xx is a bug). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** a short heading for the message, where the spec gives one (e.g. "Content Required") */
    title: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  validation: "VALIDATION_ERROR",
  badRequest: "BAD_REQUEST",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  notFound: "NOT_FOUND",
  conflict: "CONFLICT",
  /** a link (an invitation) that worked once and no longer does */
  gone: "GONE",
  /** a Premium feature asked for on the Free plan */
  premiumRequired: "PREMIUM_REQUIRED",
  rateLimited: "RATE_LIMITED",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  fileTooLarge: "FILE_TOO_LARGE",
  invalidFileType: "INVALID_FILE_TYPE",
  storageUnavailable: "STORAGE_UNAVAILABLE",
  internal: "INTERNAL_ERROR",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  uriTooLong: "URI_TOO_LONG",
  headersTooLarge: "HEADERS_TOO_LARGE",
  requestTimeout: "REQUEST_TIMEOUT",
  rangeNotSatisfiable: "RANGE_NOT_SATISFIABLE",
  methodNotAllowed: "METHOD_NOT_ALLOWED",
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
