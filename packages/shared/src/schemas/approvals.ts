import { z } from "zod";
import { APPROVAL_MESSAGES } from "../constants/messages";
import { postFields, postSchema } from "./posts";
import { multiLineText } from "./text";
import { personSchema } from "./workspaces";

/** A post waiting for approval, as the approvals queue lists it. */
export const approvalItemSchema = z.object({
  post: postSchema,
  submittedBy: personSchema.nullable(),
  submittedAt: z.string(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;
export const approvalListResponseSchema = z.object({ approvals: z.array(approvalItemSchema) });

/**
 * POST /api/posts/:id/approve. A new date and time (in the post's zone unless `timezone` is sent) when the
 * post's own has passed; otherwise nothing.
 */
export const approvePostBodySchema = z
  .object({
    scheduledDate: postFields.scheduledDate,
    scheduledTime: postFields.scheduledTime,
    timezone: postFields.timezone,
  })
  .partial();
export type ApprovePostBody = z.infer<typeof approvePostBodySchema>;

const commentText = multiLineText("Comment", { required: APPROVAL_MESSAGES.commentRequired })
  .trim()
  .min(1, APPROVAL_MESSAGES.commentRequired)
  .max(2000, APPROVAL_MESSAGES.commentTooLong);

/** POST /api/posts/:id/reject: back to draft, with the reviewer's comment. */
export const rejectPostBodySchema = z.object({ comment: commentText });
/** POST /api/posts/:id/comments: the post's internal thread. */
export const createCommentBodySchema = z.object({ body: commentText });

export const postCommentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  author: personSchema.nullable(),
  body: z.string(),
  /** a rejection's comment is shown as such */
  kind: z.enum(["comment", "rejection"]),
  createdAt: z.string(),
});
export type PostComment = z.infer<typeof postCommentSchema>;
export const postCommentListResponseSchema = z.object({ comments: z.array(postCommentSchema) });
export const postCommentResponseSchema = z.object({ comment: postCommentSchema });

/** What happened to a post, by whom and when. */
export const POST_HISTORY_ACTIONS = [
  "created",
  "edited",
  "submitted",
  "approved",
  "rejected",
  "scheduled",
  "published",
  "failed",
] as const;
export type PostHistoryAction = (typeof POST_HISTORY_ACTIONS)[number];

export const postHistoryEntrySchema = z.object({
  id: z.string(),
  action: z.enum(POST_HISTORY_ACTIONS),
  /** null for what the system did (published by the scheduler) */
  actor: personSchema.nullable(),
  /** e.g. the networks it went out on, or the rejection's comment */
  detail: z.string().nullable(),
  at: z.string(),
});
export type PostHistoryEntry = z.infer<typeof postHistoryEntrySchema>;
export const postHistoryResponseSchema = z.object({ history: z.array(postHistoryEntrySchema) });

export const postCommentEventSchema = z.object({ type: z.literal("comments.changed"), postId: z.string() });
