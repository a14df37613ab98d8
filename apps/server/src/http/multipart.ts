import { HTTP_MESSAGES } from "@app/shared";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "./errors";

/** A failure the multipart plugin already gave a 4xx (a limit, a `__proto__` field) keeps it. */
export const hasClientStatus = (err: unknown) => {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
};

/**
 * Reads the one file of a multipart request (in the field `field`) and hands it to `take` while it streams.
 * A body the parser cannot read (no boundary, a boundary over 70 characters, no closing boundary, garbage) is
 * the caller's mistake, a 400, whether it shows when the parts are first read or while the file streams by.
 */
export async function withUploadedFile<T>(
  req: FastifyRequest,
  field: string,
  noFile: string,
  take: (part: MultipartFile) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) throw badRequest(noFile);
  let part: MultipartFile | undefined;
  try {
    part = await req.file();
  } catch (err) {
    if (err instanceof AppError || hasClientStatus(err)) throw err;
    throw badRequest(HTTP_MESSAGES.malformedMultipart);
  }
  if (part?.fieldname !== field) {
    part?.file.resume();
    throw badRequest(noFile);
  }
  try {
    return await take(part);
  } catch (err) {
    // The file's stream was failed by the parser (perhaps before anyone listened): the body was unreadable.
    if (part.file.errored && !(err instanceof AppError) && !hasClientStatus(err)) {
      throw badRequest(HTTP_MESSAGES.malformedMultipart);
    }
    throw err;
  }
}
