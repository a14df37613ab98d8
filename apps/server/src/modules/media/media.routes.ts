import {
  ERROR_CODES,
  HTTP_MESSAGES,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  mediaListQuerySchema,
  mediaListResponseSchema,
  mediaResponseSchema,
} from "@app/shared";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import parseRange from "range-parser";
import { z } from "zod";
import { errorBody } from "../../http/errors";
import { withUploadedFile } from "../../http/multipart";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import type { MediaRow } from "./media.repo";
import type { MediaService } from "./media.service";

const idParams = z.object({ id: z.uuid(MEDIA_MESSAGES.notFound) });
const fileQuery = z.object({ download: z.enum(["1", "true"]).optional() });

/** `filename*` carries the real name; the plain `filename` is an ASCII stand-in for old clients. */
function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function mediaRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; service: MediaService; maxBytes?: number },
) {
  const { service } = opts;
  const maxBytes = opts.maxBytes ?? MEDIA_MAX_BYTES;
  // One file per call; its size is limited while it streams (the rest of a too large file is read and dropped).
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 50 },
    throwFileSizeLimit: false,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["media"];

  r.get(
    "/api/media",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "The media files of the current workspace, newest first, by part of the original name, type or source network",
        querystring: mediaListQuerySchema,
        response: { 200: mediaListResponseSchema },
      },
    },
    async (req) => ({ media: await service.list(memberOf(req), req.query) }),
  );

  r.post(
    "/api/media",
    {
      preHandler: requireUser(opts.auth, MEDIA_MESSAGES.notAuthenticated),
      schema: {
        tags,
        summary: "Upload one image or video (multipart/form-data, field `file`, at most 50 MB)",
        consumes: ["multipart/form-data"],
        response: { 200: mediaResponseSchema },
      },
    },
    async (req) => ({
      media: await withUploadedFile(req, "file", MEDIA_MESSAGES.noFile, (part) =>
        service.upload(memberOf(req), { filename: part.filename, stream: part.file }),
      ),
    }),
  );

  r.get(
    "/api/media/:id",
    {
      preHandler,
      schema: { tags, summary: "One media file", params: idParams, response: { 200: mediaResponseSchema } },
    },
    async (req) => ({ media: await service.get(memberOf(req), req.params.id) }),
  );

  /** Sends a stored file: its type, no sniffing, no scripts, caching by its hash, and byte ranges. */
  async function sendFile(
    req: FastifyRequest,
    reply: FastifyReply,
    row: MediaRow,
    disposition: "inline" | "attachment",
  ) {
    const size = row.fileSize;
    reply
      .header("content-type", row.mimeType)
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header("content-disposition", contentDisposition(disposition, row.originalName))
      .header("accept-ranges", "bytes")
      .header("cache-control", "private, max-age=31536000, immutable")
      .header("etag", `"${row.sha256}"`);
    if (req.headers["if-none-match"] === `"${row.sha256}"`) return reply.status(304).send();
    const asked = req.headers.range ? parseRange(size, req.headers.range, { combine: true }) : undefined;
    if (asked === -1) {
      for (const name of ["content-disposition", "cache-control", "etag"]) reply.removeHeader(name);
      return reply
        .status(416)
        .header("content-range", `bytes */${size}`)
        .type("application/json; charset=utf-8")
        .send(errorBody(ERROR_CODES.rangeNotSatisfiable, HTTP_MESSAGES.rangeNotSatisfiable));
    }
    // A malformed or multi-part range is ignored (the whole file is sent), as HTTP allows.
    const range = Array.isArray(asked) && asked.type === "bytes" && asked.length === 1 ? asked[0] : undefined;
    const stream = await service.read(row, range);
    if (range) {
      return reply
        .status(206)
        .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
        .header("content-length", range.end - range.start + 1)
        .send(stream);
    }
    return reply.header("content-length", size).send(stream);
  }

  r.get(
    "/api/media/:id/file",
    {
      preHandler,
      schema: {
        tags,
        summary: "The file's bytes, to show it (or save it with ?download=1); byte ranges for video",
        params: idParams,
        querystring: fileQuery,
      },
    },
    async (req, reply) => {
      const row = await service.find(memberOf(req).workspaceId, req.params.id);
      return sendFile(req, reply, row, req.query.download ? "attachment" : "inline");
    },
  );

  r.get(
    "/api/public-media/:link",
    {
      schema: {
        tags,
        summary: "A file through a signed, expiring link handed to a network that fetches media itself",
        params: z.object({ link: z.string().max(600) }),
      },
    },
    async (req, reply) => {
      const row = await service.findByLink(req.params.link);
      return sendFile(req, reply, row, "inline");
    },
  );

  r.delete(
    "/api/media/:id",
    { preHandler, schema: { tags, summary: "Delete a media file and its stored bytes", params: idParams } },
    async (req, reply) => {
      await service.remove(memberOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
