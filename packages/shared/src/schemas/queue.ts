import { z } from "zod";
import { QUEUE_MESSAGES } from "../constants/messages";
import { MAX_QUEUE_SLOTS, QUEUE_DEFAULT_COUNT, QUEUE_MAX_COUNT } from "../constants/queue";
import { isTimeZone, TIME_PATTERN } from "../rules/schedule-time";
import { platformSchema } from "./accounts";
import { postSchema } from "./posts";
import { singleLineText } from "./text";

/** A weekly time slot as written: an ISO weekday (1 Monday … 7 Sunday) and HH:MM in the workspace's zone. */
export const weeklySlotSchema = z.object({
  weekday: z.number({ error: QUEUE_MESSAGES.weekdayInvalid }).int(QUEUE_MESSAGES.weekdayInvalid).min(1).max(7),
  time: singleLineText("Time").regex(TIME_PATTERN, QUEUE_MESSAGES.timeInvalid),
});

/** The weekly slots of one account, or of the whole workspace (accountId null), replacing the ones it had. */
export const putQueueSlotsBodySchema = z.object({
  accountId: z.uuid({ error: QUEUE_MESSAGES.unknownAccount }).nullable(),
  slots: z.array(weeklySlotSchema).max(MAX_QUEUE_SLOTS, QUEUE_MESSAGES.tooManySlots(MAX_QUEUE_SLOTS)),
});
export type PutQueueSlotsBody = z.infer<typeof putQueueSlotsBodySchema>;

export const queueTimeZoneBodySchema = z.object({
  timeZone: singleLineText("Time zone").refine(isTimeZone, QUEUE_MESSAGES.timeZoneUnknown),
});

export const queueQuerySchema = z.object({
  /** one account's queue; all the workspace's active accounts when absent */
  accountId: z.uuid({ error: QUEUE_MESSAGES.unknownAccount }).optional(),
  /** how many upcoming slots of each account */
  count: z.coerce.number().int().min(1).max(QUEUE_MAX_COUNT).default(QUEUE_DEFAULT_COUNT),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

/** Moves a queued post of an account to another of its slots: an empty one, or one whose post takes its place. */
export const moveQueuedPostBodySchema = z.object({
  postId: z.uuid({ error: QUEUE_MESSAGES.notQueued }),
  accountId: z.uuid({ error: QUEUE_MESSAGES.unknownAccount }),
  /** the instant of the slot it goes to */
  to: z.iso.datetime({ offset: true, error: QUEUE_MESSAGES.slotInvalid }),
});
export type MoveQueuedPostBody = z.infer<typeof moveQueuedPostBodySchema>;

export const queueSlotSchema = z.object({
  id: z.string(),
  /** null: the workspace's, for every account without slots of its own */
  accountId: z.string().nullable(),
  weekday: z.number().int(),
  time: z.string(),
});
export type QueueSlot = z.infer<typeof queueSlotSchema>;

export const queueAccountSchema = z.object({
  id: z.string(),
  platform: platformSchema,
  name: z.string(),
  avatarUrl: z.string().nullable(),
  paused: z.boolean(),
  /** false: it follows the workspace's slots */
  ownSlots: z.boolean(),
});
export type QueueAccount = z.infer<typeof queueAccountSchema>;

/** A post as its place in the queue shows it. */
export const queuedPostSchema = z.object({
  id: z.string(),
  /** the start of its text (its hashtags when it has none) */
  text: z.string(),
  status: postSchema.shape.status,
  platforms: z.array(platformSchema),
  mediaCount: z.number().int(),
});
export type QueuedPost = z.infer<typeof queuedPostSchema>;

export const queueEntrySchema = z.object({
  /** the slot's instant */
  at: z.string(),
  /** its wall clock in the workspace's zone */
  date: z.string(),
  time: z.string(),
  /** the post queued in it, or null: an empty slot */
  post: queuedPostSchema.nullable(),
  /** false for a post queued at a time the slots no longer have (they changed after it was queued) */
  inSchedule: z.boolean(),
  /** its time passed while the account's queue was paused: it moves to a free slot on resume */
  overdue: z.boolean(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const queueResponseSchema = z.object({
  timeZone: z.string(),
  slots: z.array(queueSlotSchema),
  accounts: z.array(queueAccountSchema),
  /** each account's upcoming slots (the one asked for, or all), soonest first */
  queues: z.array(z.object({ accountId: z.string(), entries: z.array(queueEntrySchema) })),
});
export type QueueResponse = z.infer<typeof queueResponseSchema>;

export const queueSlotsResponseSchema = z.object({ slots: z.array(queueSlotSchema) });
export const queueTimeZoneResponseSchema = z.object({ timeZone: z.string() });

/** A queued post that moved (resume, reorder): from which instant to which. */
export const queueMoveSchema = z.object({
  postId: z.string(),
  accountId: z.string(),
  from: z.string(),
  to: z.string(),
});
export type QueueMove = z.infer<typeof queueMoveSchema>;

export const queuePauseResponseSchema = z.object({
  account: queueAccountSchema,
  /** on resume: the posts whose time passed while paused, moved to the next free slots */
  moved: z.array(queueMoveSchema),
  message: z.string(),
});
export type QueuePauseResponse = z.infer<typeof queuePauseResponseSchema>;

export const queueMoveResponseSchema = z.object({ moved: z.array(queueMoveSchema) });

/**
 * What Add to queue answers: the first post in `post` (as every save does), and every post made, one per
 * instant its accounts' next free slots fell on; `skipped` names the accounts left out (their queue is paused).
 */
export const queuedPostsResponseSchema = z.object({
  post: postSchema,
  posts: z.array(postSchema),
  skipped: z.array(z.string()),
  notice: z.string().nullable(),
});
export type QueuedPostsResponse = z.infer<typeof queuedPostsResponseSchema>;

export const queueEventSchema = z.object({ type: z.literal("queue.changed") });

/** POST /api/posts: the post saved; with `queue`, also every post Add to queue made (queuedPostsResponseSchema). */
export const createPostResponseSchema = queuedPostsResponseSchema.partial({ posts: true, skipped: true, notice: true });
