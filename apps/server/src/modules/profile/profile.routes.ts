import path from "node:path";
import {
  AUTH_MESSAGES,
  AVATAR_MAX_BYTES,
  changeEmailBodySchema,
  PROFILE_MESSAGES,
  profileResponseSchema,
  updateProfileBodySchema,
} from "@app/shared";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, badRequest, notFound } from "../../http/errors";
import { withUploadedFile } from "../../http/multipart";
import type { UserRoutesDeps } from "../../http/user-routes-deps";
import { currentUser, requireUser, toWebHeaders } from "../auth/session";
import { createMediaStorage } from "../media/media.storage";
import { processAvatar } from "./avatar.image";
import { AVATAR_FILE, createProfileService } from "./profile.service";

/** Where the link of an e-mail change lands once the address is changed. */
const EMAIL_CHANGED_PATH = "/settings?email=changed";
const NO_FILE = "Choose an image to upload.";

export async function profileRoutes(app: FastifyInstance, deps: UserRoutesDeps) {
  const now = deps.now ?? (() => new Date());
  const service = createProfileService({
    db: deps.db,
    storage: createMediaStorage(deps.config.media),
    tmpDir: path.join(deps.config.dataDir, "tmp", "uploads"),
    now,
  });
  // One file per call, 1 MB at most: the rest of a larger one is read and dropped, and it is refused.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 50 },
    throwFileSizeLimit: false,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(deps.auth);
  const tags = ["profile"];

  async function profileOf(req: FastifyRequest) {
    const profile = await service.get(currentUser(req).user.id);
    if (!profile) throw notFound();
    return { profile };
  }
  /** The session cache holds the user (name, e-mail, image): it is not trusted after a change. */
  const changed = () => deps.auth.sessionCache.clear();

  r.get(
    "/api/profile",
    { preHandler, schema: { tags, summary: "The signed-in user's profile", response: { 200: profileResponseSchema } } },
    profileOf,
  );

  r.patch(
    "/api/profile",
    {
      preHandler,
      schema: {
        tags,
        summary: "Change the full name and/or the time zone (null: the browser's)",
        body: updateProfileBodySchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (req) => {
      await service.update(currentUser(req).user.id, req.body);
      changed();
      return profileOf(req);
    },
  );

  r.post(
    "/api/profile/avatar",
    {
      preHandler,
      schema: {
        tags,
        summary: "Upload an avatar (field `file`): JPG, GIF or PNG, 1 MB max, cropped to a square and resized",
        consumes: ["multipart/form-data"],
        response: { 200: profileResponseSchema },
      },
    },
    async (req) => {
      const { user } = currentUser(req);
      const upload = await withUploadedFile(req, "file", NO_FILE, async (part) => {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) throw new AppError(413, "AVATAR_TOO_LARGE", PROFILE_MESSAGES.avatarTooLarge);
        return { bytes: Buffer.concat(chunks), filename: part.filename };
      });
      const avatar = await processAvatar(upload.bytes, upload.filename);
      await service.setAvatar(user.id, avatar);
      changed();
      return profileOf(req);
    },
  );

  r.delete(
    "/api/profile/avatar",
    {
      preHandler,
      schema: { tags, summary: "Remove the avatar (initials are shown)", response: { 200: profileResponseSchema } },
    },
    async (req) => {
      await service.removeAvatar(currentUser(req).user.id);
      changed();
      return profileOf(req);
    },
  );

  r.post(
    "/api/profile/email",
    {
      preHandler,
      schema: {
        tags,
        summary: "Change the e-mail address: a link is sent to the new one, which is used once it is opened",
        body: changeEmailBodySchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (req) => {
      const { user } = currentUser(req);
      const newEmail = req.body.newEmail.toLowerCase();
      if (newEmail === user.email.toLowerCase()) throw badRequest(PROFILE_MESSAGES.emailSame);
      if (await service.emailTaken(newEmail)) throw new AppError(409, "EMAIL_TAKEN", PROFILE_MESSAGES.emailTaken);
      try {
        await deps.auth.api.changeEmail({
          body: { newEmail, callbackURL: EMAIL_CHANGED_PATH },
          headers: toWebHeaders(req.headers),
        });
      } catch (err) {
        const status = (err as { statusCode?: unknown }).statusCode;
        if (status === 401) throw new AppError(401, "UNAUTHORIZED", AUTH_MESSAGES.notAuthenticated);
        if (typeof status === "number" && status < 500) throw badRequest(PROFILE_MESSAGES.emailTaken);
        throw err;
      }
      await service.rememberPendingEmail(user.id, newEmail);
      return profileOf(req);
    },
  );

  r.get(
    "/api/avatars/:file",
    {
      schema: {
        tags,
        summary: "An avatar's image (public: its name is unguessable and changes with each upload)",
        params: z.object({ file: z.string().regex(AVATAR_FILE, "Not found") }),
      },
    },
    async (req, reply) => {
      const { file } = req.params;
      if (!(await service.avatarExists(file))) throw notFound();
      const stream = await service.readAvatar(file);
      return reply
        .header("content-type", file.endsWith(".png") ? "image/png" : "image/jpeg")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .send(stream);
    },
  );
}
