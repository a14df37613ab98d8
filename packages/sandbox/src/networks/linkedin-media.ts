import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { flat, hasScope, type NetworkKit } from "../kit";
import { Assembly, type MediaRecord, rawBody, TooLarge, UPLOAD_LIMIT } from "../media";
import type { Claims } from "../tokens";
import { apiError, notPermitted, resourceOf, restCall } from "./linkedin";
import { administers, organizationIdOf } from "./linkedin-organizations";

/** LinkedIn cuts video uploads in parts of 4 MiB. */
const PART = 4 * 1024 * 1024;

interface ImageUpload {
  urn: string;
  owner: string;
  userId: string;
  media?: MediaRecord;
}

interface VideoUpload {
  urn: string;
  owner: string;
  userId: string;
  size: number;
  parts: { firstByte: number; lastByte: number; etag?: string }[];
  assembly: Assembly;
  media?: MediaRecord;
  /** status polls since finalizeUpload: PROCESSING on the first, AVAILABLE after */
  polls: number;
  finalized: boolean;
}

export const unprocessable = (reply: FastifyReply, message: string) =>
  reply.status(422).send(apiError(422, undefined, "UNPROCESSABLE_ENTITY", message));
export const badRequest = (reply: FastifyReply, message: string) =>
  reply.status(400).send(apiError(400, undefined, "BAD_REQUEST", message));

export const memberUrn = (kit: NetworkKit, claims: Claims) => `urn:li:person:${kit.person(claims).id}`;

/**
 * Whether the token may act as this author: the person themself, or an organization the person administers
 * with the organization scope.
 */
export function mayActAs(
  kit: NetworkKit,
  request: FastifyRequest,
  claims: Claims,
  author: unknown,
  reply: FastifyReply,
  resource: string,
): author is string {
  const own = typeof author === "string" && author === memberUrn(kit, claims);
  const organization = organizationIdOf(author);
  if (!own && !organization) {
    void unprocessable(reply, `ERROR :: /author :: "${String(author ?? "")}" is not a valid author for this member`);
    return false;
  }
  const scope = own ? "w_member_social" : "w_organization_social";
  if (!hasScope(claims, scope)) {
    void notPermitted(reply, resourceOf(request, resource));
    return false;
  }
  if (organization && !administers(kit.person(claims), organization)) {
    void reply
      .status(403)
      .send(
        apiError(
          403,
          100,
          undefined,
          "Field Value validation failed in REQUEST_BODY: Data Processing Exception while processing fields [/author]",
        ),
      );
    return false;
  }
  return true;
}

export const body = (request: FastifyRequest) =>
  (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;
export const obj = (v: unknown) => (v && typeof v === "object" ? v : {}) as Record<string, unknown>;

/** The Images and Videos APIs: uploads a post takes its media from, each owned by its author. */
export function linkedinMedia(kit: NetworkKit) {
  const images = kit.publishing.pending<ImageUpload>("linkedin", "images");
  const videos = kit.publishing.pending<VideoUpload>("linkedin", "videos");
  /** upload URL tokens: which upload and which part they stand for */
  const uploadUrls = kit.publishing.pending<{ urn: string; part: number }>("linkedin", "upload-urls");
  const api = "api.linkedin.com/rest";
  const uploadUrl = (request: FastifyRequest, urn: string, part: number) => {
    const token = randomBytes(18).toString("base64url");
    uploadUrls.set(token, { urn, part });
    return kit.urlFor(request, `www.linkedin.com/dms-uploads/${token}`);
  };

  kit.post(`${api}/images`, async (request, reply) => {
    const claims = restCall(kit, request, reply, "images");
    if (!claims) return reply;
    if (flat(request.query).action !== "initializeUpload") return badRequest(reply, "Unsupported action.");
    const owner = obj(body(request).initializeUploadRequest).owner;
    if (!mayActAs(kit, request, claims, owner, reply, "images.ACTION-initializeUpload")) return reply;
    const urn = `urn:li:image:C${randomBytes(12).toString("base64url")}`;
    images.set(urn, { urn, owner, userId: claims.userId });
    return {
      value: {
        uploadUrlExpiresAt: kit.now() + 24 * 3600 * 1000,
        uploadUrl: uploadUrl(request, urn, 0),
        image: urn,
      },
    };
  });

  kit.post(`${api}/videos`, async (request, reply) => {
    const claims = restCall(kit, request, reply, "videos");
    if (!claims) return reply;
    const action = flat(request.query).action;
    if (action === "initializeUpload") {
      const init = obj(body(request).initializeUploadRequest);
      if (!mayActAs(kit, request, claims, init.owner, reply, "videos.ACTION-initializeUpload")) return reply;
      const size = Number(init.fileSizeBytes);
      if (!Number.isInteger(size) || size <= 0)
        return unprocessable(reply, "ERROR :: /initializeUploadRequest/fileSizeBytes :: field is required");
      if (size > 500 * 1024 * 1024) return unprocessable(reply, "The video file is larger than 500 MB.");
      const urn = `urn:li:video:C${randomBytes(12).toString("base64url")}`;
      const parts = [];
      for (let first = 0; first < size; first += PART)
        parts.push({ firstByte: first, lastByte: Math.min(size, first + PART) - 1 });
      videos.set(urn, {
        urn,
        owner: init.owner,
        userId: claims.userId,
        size,
        parts,
        assembly: new Assembly(),
        polls: 0,
        finalized: false,
      });
      return {
        value: {
          uploadUrlsExpireAt: kit.now() + 24 * 3600 * 1000,
          video: urn,
          uploadInstructions: parts.map((p, i) => ({ ...p, uploadUrl: uploadUrl(request, urn, i) })),
          uploadToken: "",
        },
      };
    }
    if (action === "finalizeUpload") {
      const f = obj(body(request).finalizeUploadRequest);
      const v = typeof f.video === "string" ? videos.get(f.video) : undefined;
      if (!v || v.userId !== claims.userId)
        return reply.status(404).send(apiError(404, undefined, "NOT_FOUND", "Video not found."));
      if (!mayActAs(kit, request, claims, v.owner, reply, "videos.ACTION-finalizeUpload")) return reply;
      const ids = Array.isArray(f.uploadedPartIds) ? f.uploadedPartIds : [];
      const expected = v.parts.map((p) => p.etag);
      if (expected.some((e) => !e) || ids.length !== expected.length || ids.some((id, i) => id !== expected[i])) {
        return badRequest(reply, "uploadedPartIds do not match the uploaded parts, in order.");
      }
      const media = v.assembly.finish();
      if (media?.kind !== "video") return badRequest(reply, "The uploaded file is not a video.");
      v.media = media;
      v.finalized = true;
      return reply.status(200).send();
    }
    return badRequest(reply, "Unsupported action.");
  });

  kit.put("www.linkedin.com/dms-uploads/:token", async (request, reply) => {
    const target = uploadUrls.get((request.params as { token: string }).token);
    if (!target) return reply.status(404).send(apiError(404, undefined, "NOT_FOUND", "Upload URL not found."));
    const image = images.get(target.urn);
    const video = videos.get(target.urn);
    try {
      if (image) {
        const a = new Assembly();
        await a.put(0, rawBody(request), UPLOAD_LIMIT);
        const media = a.finish();
        if (media?.kind !== "image") return badRequest(reply, "The uploaded file is not an image.");
        image.media = media;
        uploadUrls.delete((request.params as { token: string }).token);
        return reply.status(201).send();
      }
      if (video) {
        const part = video.parts[target.part];
        if (!part || part.etag) return badRequest(reply, "This part was already uploaded.");
        const size = await video.assembly.put(target.part, rawBody(request), PART);
        if (size !== part.lastByte - part.firstByte + 1) {
          return badRequest(reply, `Expected ${part.lastByte - part.firstByte + 1} bytes for this part, got ${size}.`);
        }
        part.etag = `/ambry-video/signedId/${randomBytes(16).toString("base64url")}`;
        return reply.status(200).header("etag", part.etag).send();
      }
    } catch (e) {
      if (e instanceof TooLarge)
        return reply.status(413).send(apiError(413, undefined, undefined, "Request entity too large"));
      throw e;
    }
    return reply.status(404).send(apiError(404, undefined, "NOT_FOUND", "Upload URL not found."));
  });

  const mediaStatus = (urn: string) => {
    const image = images.get(urn);
    if (image) return { owner: image.owner, id: urn, status: image.media ? "AVAILABLE" : "WAITING_UPLOAD" };
    const video = videos.get(urn);
    if (video) {
      let status = "WAITING_UPLOAD";
      if (video.finalized) status = video.polls >= 1 ? "AVAILABLE" : "PROCESSING";
      return { owner: video.owner, id: urn, status };
    }
    return null;
  };

  for (const kind of ["images", "videos"] as const) {
    kit.get(`${api}/${kind}/:urn`, async (request, reply) => {
      const claims = restCall(kit, request, reply, `${kind}.GET`, [
        "w_member_social",
        "w_organization_social",
        "r_member_social",
        "r_organization_social",
      ]);
      if (!claims) return reply;
      const urn = (request.params as { urn: string }).urn;
      const found = mediaStatus(urn);
      if (!found || !urn.includes(kind === "images" ? ":image:" : ":video:"))
        return reply.status(404).send(apiError(404, undefined, "NOT_FOUND", `${urn} not found`));
      const video = videos.get(urn);
      if (video?.finalized) video.polls += 1;
      return {
        ...found,
        ...(found.status === "AVAILABLE" && { downloadUrl: kit.urlFor(request, `media.licdn.com/dms/${urn}`) }),
      };
    });
  }

  return { images, videos, mediaStatus };
}
