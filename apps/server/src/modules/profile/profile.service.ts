import { randomInt } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Profile, UpdateProfileBody } from "@app/shared";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users, verifications } from "../../db/schema";
import type { MediaStorage } from "../media/media.storage";
import type { ProcessedAvatar } from "./avatar.image";

/** Avatars are kept in the media storage under this prefix and served by GET /api/avatars/<file>. */
export const AVATAR_PREFIX = "avatars";
export const AVATAR_URL_PREFIX = "/api/avatars/";
/** A stored avatar's file name: a new one for each upload, so browsers' long caches never show an old one. */
export const AVATAR_FILE = /^[0-9]{10,40}\.(jpg|png)$/;

/** The address change waiting for its link (better-auth's token itself is stateless): shown in Settings. */
const pendingKey = (userId: string) => `profile-pending-email:${userId}`;
const PENDING_SECONDS = 60 * 60;

export function createProfileService(deps: { db: Db; storage: MediaStorage; tmpDir: string; now: () => Date }) {
  const { db, storage } = deps;

  async function get(userId: string): Promise<Profile | null> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) return null;
    const [pending] = await db
      .select({ value: verifications.value })
      .from(verifications)
      .where(and(eq(verifications.identifier, pendingKey(userId)), gt(verifications.expiresAt, deps.now())))
      .orderBy(sql`${verifications.createdAt} desc`)
      .limit(1);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      timezone: user.timezone,
      twoFactorEnabled: user.twoFactorEnabled,
      pendingEmail: pending && pending.value !== user.email ? pending.value : null,
    };
  }

  async function update(userId: string, body: UpdateProfileBody) {
    const set: Partial<typeof users.$inferInsert> = { updatedAt: deps.now() };
    if (body.name !== undefined) set.name = body.name;
    if (body.timezone !== undefined) set.timezone = body.timezone;
    await db.update(users).set(set).where(eq(users.id, userId));
  }

  async function emailTaken(email: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return Boolean(row);
  }

  async function rememberPendingEmail(userId: string, email: string) {
    const now = deps.now();
    await db.transaction(async (tx) => {
      await tx.delete(verifications).where(eq(verifications.identifier, pendingKey(userId)));
      await tx.insert(verifications).values({
        id: crypto.randomUUID(),
        identifier: pendingKey(userId),
        value: email,
        expiresAt: new Date(now.getTime() + PENDING_SECONDS * 1000),
        createdAt: now,
        updatedAt: now,
      });
    });
  }

  /** The stored key of an avatar address of ours, or null. */
  function avatarKey(image: string | null): string | null {
    if (!image?.startsWith(AVATAR_URL_PREFIX)) return null;
    const file = image.slice(AVATAR_URL_PREFIX.length);
    return AVATAR_FILE.test(file) ? `${AVATAR_PREFIX}/${file}` : null;
  }

  /** Stores the processed avatar under a new name, points the user at it and removes the one it replaces. */
  async function setAvatar(userId: string, avatar: ProcessedAvatar): Promise<void> {
    const random = () => String(randomInt(2 ** 40)).padStart(13, "0");
    const file = `${deps.now().getTime()}${random()}${random()}.${avatar.ext}`;
    await mkdir(deps.tmpDir, { recursive: true });
    const tmp = path.join(deps.tmpDir, `avatar-${file}`);
    await writeFile(tmp, avatar.data);
    try {
      await storage.put(`${AVATAR_PREFIX}/${file}`, tmp, avatar.contentType);
    } finally {
      await rm(tmp, { force: true });
    }
    await replaceImage(userId, `${AVATAR_URL_PREFIX}${file}`);
  }

  async function replaceImage(userId: string, image: string | null) {
    const [before] = await db.select({ image: users.image }).from(users).where(eq(users.id, userId));
    await db.update(users).set({ image, updatedAt: deps.now() }).where(eq(users.id, userId));
    const old = avatarKey(before?.image ?? null);
    if (old) await storage.remove(old).catch(() => undefined);
  }

  return {
    get,
    update,
    emailTaken,
    rememberPendingEmail,
    setAvatar,
    removeAvatar: (userId: string) => replaceImage(userId, null),
    readAvatar: (file: string) => storage.read(`${AVATAR_PREFIX}/${file}`),
    avatarExists: (file: string) => storage.exists(`${AVATAR_PREFIX}/${file}`),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
