import { z } from "zod";
import { HASHTAG_GROUP_MESSAGES } from "../constants/messages";
import { HASHTAG_GROUP_NAME_MAX } from "../constants/post-tools";
import { MAX_HASHTAGS } from "../constants/posts";
import { hashtagSchema } from "./posts";
import { singleLineText } from "./text";

/** A saved group of hashtags (issue 23): the composer adds them to a post in one click. */
export const hashtagGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** without their # */
  hashtags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HashtagGroup = z.infer<typeof hashtagGroupSchema>;

const hashtagGroupFields = {
  name: singleLineText("Name", { required: HASHTAG_GROUP_MESSAGES.nameRequired })
    .trim()
    .min(1, HASHTAG_GROUP_MESSAGES.nameRequired)
    .max(HASHTAG_GROUP_NAME_MAX, HASHTAG_GROUP_MESSAGES.nameTooLong),
  /** checked like a post's hashtags; the same tag twice (case ignored) is kept once */
  hashtags: z
    .array(hashtagSchema, { error: HASHTAG_GROUP_MESSAGES.hashtagsRequired })
    .min(1, HASHTAG_GROUP_MESSAGES.hashtagsRequired)
    .max(MAX_HASHTAGS, HASHTAG_GROUP_MESSAGES.tooManyHashtags),
};

/** POST /api/hashtag-groups */
export const createHashtagGroupBodySchema = z.object(hashtagGroupFields);
export type CreateHashtagGroupBody = z.infer<typeof createHashtagGroupBodySchema>;

/** PATCH /api/hashtag-groups/:id: rename, change its hashtags, or both */
export const updateHashtagGroupBodySchema = z.object(hashtagGroupFields).partial();
export type UpdateHashtagGroupBody = z.infer<typeof updateHashtagGroupBodySchema>;

export const hashtagGroupResponseSchema = z.object({ group: hashtagGroupSchema });
export const hashtagGroupListResponseSchema = z.object({ groups: z.array(hashtagGroupSchema) });
