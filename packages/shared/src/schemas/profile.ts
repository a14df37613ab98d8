import { z } from "zod";
import { PROFILE_MESSAGES } from "../constants/messages";
import { isTimeZone } from "../rules/schedule-time";
import { emailSchema } from "./auth";
import { singleLineText } from "./text";

/** The avatar the spec's note allows: 'JPG, GIF or PNG. 1MB max.' (checked by the file's bytes). */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_TYPES = ["image/jpeg", "image/gif", "image/png"] as const;
/** Avatars are cropped to a square and resized to this many pixels a side. */
export const AVATAR_SIZE = 256;

/** PATCH /api/profile: the fields sent change. */
export const updateProfileBodySchema = z
  .object({
    name: singleLineText("Full name")
      .trim()
      .min(1, PROFILE_MESSAGES.nameRequired)
      .max(100, PROFILE_MESSAGES.nameTooLong),
    /** the IANA zone dates are shown and scheduled in; null: the browser's */
    timezone: singleLineText("Time zone").refine(isTimeZone, PROFILE_MESSAGES.timezoneInvalid).nullable(),
  })
  .partial();
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** the avatar's address, or null (initials are shown) */
  image: z.string().nullable(),
  timezone: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** an address change waiting for its link to be opened */
  pendingEmail: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = z.object({ profile: profileSchema });

/** POST /api/profile/email: the address changes once the link sent to it is opened. */
export const changeEmailBodySchema = z.object({ newEmail: emailSchema });
