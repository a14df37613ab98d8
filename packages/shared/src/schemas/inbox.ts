import { z } from "zod";
import {
  INBOX_CONVERSATION_KINDS,
  INBOX_DIRECTIONS,
  INBOX_MESSAGE_ACTIONS,
  INBOX_NOTE_MAX_LENGTH,
  INBOX_REPLY_STATUSES,
  INBOX_SOURCE_STATES,
  INBOX_STATUS_FILTERS,
  INBOX_STATUSES,
} from "../constants/inbox";
import { INBOX_MESSAGES } from "../constants/messages";
import { PLATFORMS } from "../constants/platforms";
import { multiLineText, singleLineText } from "./text";
import { personSchema } from "./workspaces";

/** Who wrote a message on the network. */
export const inboxAuthorSchema = z.object({
  name: z.string(),
  /** @handle where the network has one */
  handle: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

/** One comment, reply or mention, as collected. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  /** the message it answers (our id), null for the conversation's first */
  parentId: z.string().nullable(),
  direction: z.enum(INBOX_DIRECTIONS),
  author: inboxAuthorSchema,
  text: z.string(),
  url: z.string().nullable(),
  writtenAt: z.string(),
  liked: z.boolean(),
  hidden: z.boolean(),
  deleted: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** A reply written in the inbox, until it shows among the messages (and after, with its outcome). */
export const inboxReplySchema = z.object({
  id: z.string(),
  /** the message answered (our id), when it is known */
  parentId: z.string().nullable(),
  text: z.string(),
  status: z.enum(INBOX_REPLY_STATUSES),
  author: personSchema.nullable(),
  /** the network's reason when it failed */
  error: z.string().nullable(),
  url: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type InboxReply = z.infer<typeof inboxReplySchema>;

export const inboxNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: personSchema.nullable(),
  createdAt: z.string(),
});
export type InboxNote = z.infer<typeof inboxNoteSchema>;

/** The account a conversation came through. */
export const inboxAccountSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORMS),
  name: z.string(),
});

/** A conversation as the inbox lists it: enough to show the row and group it under its post. */
export const inboxConversationSchema = z.object({
  id: z.string(),
  kind: z.enum(INBOX_CONVERSATION_KINDS),
  status: z.enum(INBOX_STATUSES),
  account: inboxAccountSchema,
  /** the app's post it is under (with the start of its text and where it is on the network), if any */
  post: z.object({ id: z.string().nullable(), excerpt: z.string(), url: z.string().nullable() }).nullable(),
  /** the first message (the comment or mention that began it) and the newest */
  first: inboxMessageSchema,
  latest: inboxMessageSchema,
  messageCount: z.number().int(),
  /** for the member asking: inbound messages newer than their last read */
  unread: z.boolean(),
  assignee: personSchema.nullable(),
  lastMessageAt: z.string(),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;

/** One conversation opened: every message, the replies on their way, the notes. */
export const inboxConversationDetailSchema = inboxConversationSchema.extend({
  messages: z.array(inboxMessageSchema),
  replies: z.array(inboxReplySchema),
  notes: z.array(inboxNoteSchema),
});
export type InboxConversationDetail = z.infer<typeof inboxConversationDetailSchema>;

/** Whether each connected account's comments are read, and why not. */
export const inboxSourceSchema = z.object({
  account: inboxAccountSchema,
  state: z.enum(INBOX_SOURCE_STATES),
  /** the network's own words when it refused, else null */
  detail: z.string().nullable(),
  lastCollectedAt: z.string().nullable(),
});
export type InboxSource = z.infer<typeof inboxSourceSchema>;

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** GET /api/inbox */
export const inboxQuerySchema = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(INBOX_STATUS_FILTERS).default("open")),
  platform: z.preprocess(emptyToUndefined, z.enum(PLATFORMS).optional()),
  accountId: z.preprocess(emptyToUndefined, z.uuid({ error: INBOX_MESSAGES.accountNotFound }).optional()),
  /** "me": the conversations assigned to the member asking */
  assigned: z.preprocess(emptyToUndefined, z.literal("me").optional()),
  /** words of a message's text or its author's name or handle, any case */
  q: z.preprocess(emptyToUndefined, singleLineText("Search").trim().max(200).optional()),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const inboxListResponseSchema = z.object({
  conversations: z.array(inboxConversationSchema),
  /** conversations matching the filters, all pages */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** every connected account, with whether its comments can be read */
  sources: z.array(inboxSourceSchema),
});
export type InboxListResponse = z.infer<typeof inboxListResponseSchema>;

/** GET /api/inbox/summary: the sidebar's count. */
export const inboxSummarySchema = z.object({
  /** open conversations of the workspace */
  open: z.number().int(),
  /** of those, the ones with messages the member has not read */
  unread: z.number().int(),
});
export type InboxSummary = z.infer<typeof inboxSummarySchema>;

/** PATCH /api/inbox/:id: done or open again, assigned to a member (null: nobody). */
export const updateConversationBodySchema = z
  .object({
    status: z.enum(INBOX_STATUSES),
    assigneeId: singleLineText("Assignee").min(1).max(200).nullable(),
  })
  .partial()
  .refine((b) => b.status !== undefined || b.assigneeId !== undefined, INBOX_MESSAGES.nothingToChange);
export type UpdateConversationBody = z.infer<typeof updateConversationBodySchema>;

/** POST /api/inbox/:id/read: read (true) or unread again (false), for the member asking. */
export const readConversationBodySchema = z.object({ read: z.boolean() });

/**
 * POST /api/inbox/:id/replies. The network's own length limit (INBOX_REPLY_MAX_LENGTH) is checked by the
 * server, which knows the network; `parentId` is the message answered (default: the conversation's first).
 */
export const createReplyBodySchema = z.object({
  text: multiLineText("Reply", { required: INBOX_MESSAGES.replyRequired })
    .trim()
    .min(1, INBOX_MESSAGES.replyRequired)
    .max(10_000, INBOX_MESSAGES.replyTooLong(10_000)),
  parentId: z.uuid({ error: INBOX_MESSAGES.messageNotFound }).optional(),
});
export type CreateReplyBody = z.infer<typeof createReplyBodySchema>;

/** POST /api/inbox/:id/notes: an internal note, seen by the workspace's members only. */
export const createNoteBodySchema = z.object({
  body: multiLineText("Note", { required: INBOX_MESSAGES.noteRequired })
    .trim()
    .min(1, INBOX_MESSAGES.noteRequired)
    .max(INBOX_NOTE_MAX_LENGTH, INBOX_MESSAGES.noteTooLong),
});

/** POST /api/inbox/messages/:id/actions */
export const messageActionBodySchema = z.object({ action: z.enum(INBOX_MESSAGE_ACTIONS) });

export const inboxConversationResponseSchema = z.object({ conversation: inboxConversationDetailSchema });
export const inboxReplyResponseSchema = z.object({ reply: inboxReplySchema });
export const inboxNoteResponseSchema = z.object({ note: inboxNoteSchema });
export const inboxMessageResponseSchema = z.object({ message: inboxMessageSchema });

/** The realtime event of the inbox: something changed in these conversations (read them again). */
export const inboxEventSchema = z.object({
  type: z.literal("inbox.changed"),
  conversationIds: z.array(z.string()),
});
export type InboxEvent = z.infer<typeof inboxEventSchema>;
