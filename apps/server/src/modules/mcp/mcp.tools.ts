import {
  type ApiKeyScope,
  type CreatePostBody,
  closestAspectRatio,
  createPostBodySchema,
  inboxQuerySchema,
  listPostsQuerySchema,
  MCP_MESSAGES,
  MEDIA_MAX_BYTES,
  POST_CSV_MESSAGES,
  type PostMedia,
  postFields,
  postMediaSchema,
  resultsQuerySchema,
  SAVE_STATUSES,
  wallClock,
  webUrlSchema,
} from "@app/shared";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { badRequest, describeError } from "../../http/errors";
import { type FetchedFile, FetchRefused, fetchRefusedReason, safeFetch } from "../../lib/safe-fetch";
import type { AccountsService } from "../accounts/accounts.service";
import { type ApiKeyPrincipal, assertScope } from "../api-keys/api-key-auth";
import type { InboxService } from "../inbox/inbox.service";
import type { MediaService } from "../media/media.service";
import type { PostsService } from "../posts/posts.service";
import type { AnalyticsService } from "../results/analytics.service";

/** The app's services the tools call, each with the key's member (so its rights, rules and messages hold). */
export interface McpToolsDeps {
  accounts: Pick<AccountsService, "list">;
  posts: Pick<PostsService, "list" | "get" | "create" | "update" | "queue" | "addToQueue">;
  media: Pick<MediaService, "get" | "upload">;
  inbox: Pick<InboxService, "list">;
  analytics: Pick<AnalyticsService, "overview">;
  /** how a file named by its web address is fetched (safeFetch: public addresses only; tests reach their own) */
  fetchMedia?: (url: string) => Promise<FetchedFile>;
  version: string;
}

/** A tool's answer: its JSON as text (every client reads it) and as structured content. */
const ok = (value: Record<string, unknown>): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
  structuredContent: value,
});

/** When a post goes out: a wall clock in a time zone, or an instant. */
const when = {
  scheduledDate: postFields.scheduledDate
    .optional()
    .describe("YYYY-MM-DD: the date on the wall clock of `timezone` (e.g. 2030-05-14)"),
  scheduledTime: postFields.scheduledTime
    .optional()
    .describe("HH:MM, 24-hour: the time on the wall clock of `timezone` (e.g. 09:30)"),
  timezone: postFields.timezone
    .default("UTC")
    .describe(
      "IANA time zone the date and time are read in (e.g. Europe/Paris, America/New_York); the post keeps it. Default UTC",
    ),
  scheduledAt: z.iso
    .datetime({ offset: true })
    .optional()
    .describe(
      "Instead of scheduledDate and scheduledTime: an ISO 8601 instant with its offset (e.g. 2030-05-14T07:30:00Z)",
    ),
};
type When = { scheduledDate?: string; scheduledTime?: string; timezone: string; scheduledAt?: string };

/** The date and time of `when` on the wall clock of its zone. */
function wallClockOf(w: When): { scheduledDate?: string; scheduledTime?: string; timezone: string } {
  if (w.scheduledAt === undefined)
    return { scheduledDate: w.scheduledDate, scheduledTime: w.scheduledTime, timezone: w.timezone };
  if (w.scheduledDate || w.scheduledTime) throw badRequest(MCP_MESSAGES.whenTwice);
  const { date, time } = wallClock(new Date(w.scheduledAt), w.timezone);
  return { scheduledDate: date, scheduledTime: time, timezone: w.timezone };
}

/** What a new post says and where it goes (the composer's fields). */
const newPost = {
  content: postFields.content.default("").describe("The post's text"),
  hashtags: postFields.hashtags.default([]).describe('Hashtags without #, added after the text (e.g. ["launch"])'),
  accountIds: postFields.accountIds.default([]).describe("Ids of connected accounts to post to (from list_accounts)"),
  media: z
    .array(postMediaSchema.partial({ aspectRatio: true }))
    .max(50)
    .default([])
    .describe(
      "Media library files (ids from upload_media_from_url), in order; aspectRatio (1:1, 16:9, 9:16, 4:5) is the crop, by default the closest to the file's shape",
    ),
  options: postFields.options.default({}).describe("Per-network choices (e.g. { pinterest: { boardId } })"),
  firstComment: postFields.firstComment
    .default("")
    .describe("Posted as a comment right after the post, where the network allows it"),
  campaignId: postFields.campaignId.default(null).describe("A campaign of the workspace, or null"),
};

/**
 * A new MCP server for one request, acting as the key's member: every tool checks the key's scope, then calls the
 * app's own service, so validation, rights and messages are the app's. A refusal is a tool error (isError) with
 * the app's message; anything unexpected is logged and answered with the app's generic message.
 */
export function createMcpServer(principal: ApiKeyPrincipal, deps: McpToolsDeps, log: FastifyBaseLogger): McpServer {
  const { member } = principal;
  const fetchMedia = deps.fetchMedia ?? ((url: string) => safeFetch(url, { maxBytes: MEDIA_MAX_BYTES }));
  const server = new McpServer({ name: "orbitpost", version: deps.version });

  async function run(scope: ApiKeyScope, work: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
    try {
      assertScope(principal, scope);
      return ok(await work());
    } catch (caught) {
      // The app's schema refusing a combination the tool's own schema let through: the field and its message.
      const issue = caught instanceof z.ZodError ? caught.issues[0] : undefined;
      const err = issue
        ? badRequest(issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)
        : caught;
      const { body, unexpected } = describeError(err);
      if (unexpected) log.error({ err }, "MCP tool failed");
      return { isError: true, content: [{ type: "text", text: body.error.message }], structuredContent: body };
    }
  }

  /** The media items with their crop: the one given, else the closest to the file's shape (404 if not the workspace's). */
  async function mediaOf(items: { id: string; aspectRatio?: PostMedia["aspectRatio"] }[]): Promise<PostMedia[]> {
    const out: PostMedia[] = [];
    for (const m of items) {
      if (m.aspectRatio) out.push({ id: m.id, aspectRatio: m.aspectRatio });
      else {
        const file = await deps.media.get(member, m.id);
        out.push({ id: m.id, aspectRatio: closestAspectRatio(file.width, file.height) });
      }
    }
    return out;
  }

  /** The composer's body of a new post: the app's schema (its defaults and rules) over what the tool was given. */
  async function bodyOf(
    input: z.infer<z.ZodObject<typeof newPost>> & When,
    status: CreatePostBody["status"],
    queue = false,
  ): Promise<CreatePostBody> {
    const at = queue ? { timezone: input.timezone } : wallClockOf(input);
    return createPostBodySchema.parse({ ...input, ...at, media: await mediaOf(input.media), status, queue });
  }

  server.registerTool(
    "list_accounts",
    {
      title: "List connected accounts",
      description:
        "The workspace's connected social accounts: id (what create_post's accountIds take), network, name, username and status (active, expiring, expired: an expired account must be reconnected in the app before posting). Needs the read scope.",
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      run("read", async () => ({
        accounts: (await deps.accounts.list(member)).map((a) => ({
          id: a.id,
          network: a.platform,
          name: a.displayName ?? a.username ?? a.platformAccountId,
          username: a.username,
          status: a.status,
          sandbox: a.sandbox,
        })),
      })),
  );

  server.registerTool(
    "list_posts",
    {
      title: "List posts",
      description:
        "Posts of the workspace, soonest first: those going out between from and to (ISO 8601 instants with offset), and/or those whose text or hashtags contain q (case ignored); status filters (draft, pending_approval, scheduled, publishing, published, partially_published, failed); limit caps the count (at most 100 by default with q). Each post has its id, status, text, hashtags, scheduledAt (instant), scheduledDate and scheduledTime (wall clock of its timezone) and its targets (one per account, with the network's URL once published). Needs the read scope.",
      inputSchema: listPostsQuerySchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (query) => run("read", async () => ({ posts: await deps.posts.list(member, query) })),
  );

  server.registerTool(
    "create_post",
    {
      title: "Create a post",
      description:
        "Creates a post as the app's composer does, with the same rules and messages. status draft saves it (date and time optional: a draft without them gets today 09:00 in timezone); status scheduled schedules it at scheduledDate and scheduledTime read on the wall clock of timezone (IANA), or at scheduledAt (an ISO instant); status pending_approval submits it for approval (workspaces where the member's posts need approval refuse scheduled with a message saying so). accountIds come from list_accounts, media ids from upload_media_from_url. Drafts and submissions need the write scope, scheduling the publish scope. The refusal of a rule (no account chosen, text too long for a network, a time in the past...) comes back as a tool error with the app's message.",
      inputSchema: {
        ...newPost,
        ...when,
        status: z.enum(SAVE_STATUSES).default("draft").describe("draft (default), scheduled or pending_approval"),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    (input) =>
      run(input.status === "scheduled" ? "publish" : "write", async () => ({
        post: await deps.posts.create(member, await bodyOf(input, input.status)),
      })),
  );

  server.registerTool(
    "schedule_post",
    {
      title: "Schedule a post",
      description:
        "Schedules an existing post that has not gone out (a draft, a scheduled post to move, a failed one to send again) at scheduledDate and scheduledTime on the wall clock of timezone (IANA), or at scheduledAt (an ISO instant). The post's own text and accounts are kept. Needs the publish scope.",
      inputSchema: {
        postId: z.uuid().describe("The post's id (from list_posts or create_post)"),
        ...when,
        timezone: postFields.timezone
          .optional()
          .describe("IANA time zone the date and time are read in (e.g. Europe/Paris); by default the post's own"),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    ({ postId, timezone, ...input }) =>
      run("publish", async () => {
        const zone = timezone ?? (input.scheduledAt ? (await deps.posts.get(member, postId)).timezone : undefined);
        const at = wallClockOf({ ...input, timezone: zone ?? "UTC" });
        return {
          post: await deps.posts.update(member, postId, {
            status: "scheduled",
            ...(zone !== undefined && { timezone: zone }),
            ...(at.scheduledDate !== undefined && { scheduledDate: at.scheduledDate }),
            ...(at.scheduledTime !== undefined && { scheduledTime: at.scheduledTime }),
          }),
        };
      }),
  );

  server.registerTool(
    "add_to_queue",
    {
      title: "Add to the queue",
      description:
        "Puts a post in the next free time slot of each of its accounts' queue (the workspace's weekly posting times, set in the app): either an existing draft or scheduled post (postId), or a new post (content, accountIds and the other fields of create_post; timezone is the post's own zone). Accounts whose next free slots differ get a post each; the answer lists them (posts), the accounts left out (skipped) and why (notice). Needs the publish scope.",
      inputSchema: {
        postId: z.uuid().optional().describe("An existing draft or scheduled post to queue; leave out for a new post"),
        ...newPost,
        timezone: when.timezone,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ postId, ...input }) =>
      run("publish", async () => {
        const fresh = input.content !== "" || input.accountIds.length > 0;
        if (postId !== undefined) {
          if (fresh) throw badRequest(MCP_MESSAGES.postOrNew);
          return await deps.posts.queue(member, postId);
        }
        if (!fresh) throw badRequest(MCP_MESSAGES.nothingToQueue);
        return await deps.posts.addToQueue(member, await bodyOf(input, "scheduled", true));
      }),
  );

  server.registerTool(
    "upload_media_from_url",
    {
      title: "Upload media from a URL",
      description:
        "Fetches an image or a video from a public http(s) URL into the workspace's media library and returns the file (its id goes in create_post's media, with the suggested aspectRatio). Only public addresses are fetched; the app's size and type limits apply. Needs the write scope.",
      inputSchema: { url: webUrlSchema.describe("A public http or https URL of an image or a video") },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ url }) =>
      run("write", async () => {
        let file: FetchedFile;
        try {
          file = await fetchMedia(url);
        } catch (err) {
          if (err instanceof FetchRefused)
            throw badRequest(POST_CSV_MESSAGES.mediaUrlFailed(url, fetchRefusedReason(err)));
          throw err;
        }
        const media = await deps.media.upload(member, file);
        return { media, aspectRatio: closestAspectRatio(media.width, media.height) };
      }),
  );

  server.registerTool(
    "get_analytics",
    {
      title: "Get analytics",
      description:
        "The workspace's analytics over a range of days read in tz (IANA; default UTC): days (7, 30 or 90 back from today; 30 by default) or from and to (YYYY-MM-DD, both); optionally one network (platform) or one account (accountId). Reach, engagement rate, followers and posts published with their change from the previous period, one point per day, per network and per account, and the figures a network does not give. The Free plan reads the last 30 days at most. Needs the read scope.",
      inputSchema: resultsQuerySchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (query) => run("read", async () => ({ ...(await deps.analytics.overview(member, query)) })),
  );

  server.registerTool(
    "list_inbox",
    {
      title: "List inbox conversations",
      description:
        "Recent comments and mentions collected from the connected accounts, newest first, a page at a time: status open (default), done or all; optionally one network (platform), one account (accountId), those assigned to the member (assigned: me), or words of a message or its author (q). Each conversation has its account, the post it is under, its first and latest messages and whether it is unread. Needs the read scope.",
      inputSchema: inboxQuerySchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (query) =>
      run("read", async () => {
        const { conversations, total, page, pageSize } = await deps.inbox.list(member, query);
        return { conversations, total, page, pageSize };
      }),
  );

  return server;
}
