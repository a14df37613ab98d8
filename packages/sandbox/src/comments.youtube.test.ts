import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SandboxComment } from "./comments";
import { youtubeReplyId, youtubeThreadId } from "./networks/youtube-comments";
import { personOf } from "./people";
import { startSandbox, type TestSandbox } from "./publish-test-kit";
import type { PublishedItem } from "./publishing";

/**
 * YouTube's comment threads as the Data API gives them to the channel: threads with a few replies, all replies
 * through comments.list, an answer (comments.insert) and holding a comment back (setModerationStatus), each with
 * youtube.force-ssl and charged to the project's quota.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const API = "/sandbox/youtube/www.googleapis.com/youtube/v3";
const FORCE_SSL = "https://www.googleapis.com/auth/youtube.force-ssl";
const READONLY = "https://www.googleapis.com/auth/youtube.readonly";

let clock: number;
let s: TestSandbox;
let video: PublishedItem;
beforeEach(async () => {
  clock = Date.now() - 20 * DAY;
  s = await startSandbox({ now: () => new Date(clock) });
  [video] = s.control.seedPublished("youtube", "channel", [{ text: "How we make it" }]) as [PublishedItem];
  clock += 5 * DAY;
  clock += 60_000;
  s.control.comment("youtube", video.id, { username: "ana", text: "Great video <3" });
});
afterEach(async () => {
  await s.close();
});

type Comment = { id: string; snippet: Record<string, unknown> };
type Thread = {
  id: string;
  snippet: { topLevelComment: Comment; totalReplyCount: number };
  replies?: { comments: Comment[] };
};
const token = (scope = FORCE_SSL, username = "channel") => s.token("youtube", username, scope);
const get = (path: string, query: Record<string, string>, t = token()) =>
  s.inject({
    method: "GET",
    url: `${API}/${path}?${new URLSearchParams(query)}`,
    headers: { authorization: `Bearer ${t}` },
  });
const post = (path: string, query: Record<string, string>, payload?: Record<string, unknown>, t = token()) =>
  s.inject({
    method: "POST",
    url: `${API}/${path}?${new URLSearchParams(query)}`,
    headers: { authorization: `Bearer ${t}` },
    ...(payload !== undefined && { payload }),
  });
const threads = (extra: Record<string, string> = {}, t = token()) =>
  get(
    "commentThreads",
    { part: "snippet,replies", videoId: video.id, maxResults: "100", textFormat: "plainText", ...extra },
    t,
  );
const stored = () => s.control.comments("youtube", video.id);
const tops = () => stored().filter((c) => !c.parentKey);

describe("YouTube comments", () => {
  it("commentThreads.list: the video's threads newest first, with their author's channel and plain text", async () => {
    const res = await threads();
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: Thread[]; pageInfo: { totalResults: number } };
    expect(body.items.map((t) => t.id)).toEqual(
      tops()
        .map((c) => youtubeThreadId(c.key))
        .reverse(),
    );
    const ana = tops().find((c) => c.author.username === "ana") as SandboxComment;
    const first = body.items[0] as Thread;
    expect(first.id).toMatch(/^Ug[\w-]{24}$/);
    expect(first.snippet.topLevelComment.snippet).toMatchObject({
      videoId: video.id,
      channelId: video.networkUserId,
      textOriginal: "Great video <3",
      textDisplay: "Great video <3",
      authorDisplayName: "@ana",
      authorChannelId: { value: personOf("youtube", "ana").id },
      moderationStatus: "published",
      publishedAt: ana.at.toISOString(),
    });
    // HTML is the default text format.
    const html = (await threads({ textFormat: "html" })).json() as { items: Thread[] };
    expect(html.items[0]?.snippet.topLevelComment.snippet.textDisplay).toBe("Great video &lt;3");
    // Paging by pageToken covers every thread once.
    const seen: string[] = [];
    let next: string | undefined;
    do {
      const page = (await threads({ maxResults: "5", ...(next && { pageToken: next }) })).json() as {
        items: Thread[];
        nextPageToken?: string;
      };
      seen.push(...page.items.map((t) => t.id));
      next = page.nextPageToken;
    } while (next);
    expect(seen).toEqual(body.items.map((t) => t.id));
    expect((await threads({ maxResults: "101" })).statusCode).toBe(400);
  });

  it("an answer is a reply of the thread; a thread shows five replies, comments.list all of them; a reply is no parent", async () => {
    const ana = tops().find((c) => c.author.username === "ana") as SandboxComment;
    const threadId = youtubeThreadId(ana.key);
    for (let i = 1; i <= 6; i++) {
      clock += 60_000;
      s.control.comment("youtube", video.id, { username: `fan${i}`, text: `Agreed ${i}`, parentKey: ana.key });
    }
    const made = await post(
      "comments",
      { part: "snippet" },
      { snippet: { parentId: threadId, textOriginal: "Thank you!" } },
    );
    expect(made.statusCode).toBe(200);
    const reply = made.json() as Comment;
    expect(reply.snippet).toMatchObject({
      parentId: threadId,
      textOriginal: "Thank you!",
      authorDisplayName: "@channel",
    });
    expect(reply.id.startsWith(`${threadId}.`)).toBe(true);
    const thread = ((await threads()).json() as { items: Thread[] }).items.find((t) => t.id === threadId) as Thread;
    expect(thread.snippet.totalReplyCount).toBe(7);
    expect(thread.replies?.comments).toHaveLength(5);
    const all = (await get("comments", { part: "snippet", parentId: threadId, maxResults: "100" })).json() as {
      items: Comment[];
    };
    expect(all.items.map((c) => c.snippet.textOriginal)).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((i) => `Agreed ${i}`),
      "Thank you!",
    ]);
    const replyKey = stored().find((c) => c.own)?.key as string;
    expect(reply.id).toBe(youtubeReplyId(threadId, replyKey));
    const deeper = await post("comments", { part: "snippet" }, { snippet: { parentId: reply.id, textOriginal: "Hi" } });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().error.errors[0].reason).toBe("operationNotSupported");
    const missing = await post(
      "comments",
      { part: "snippet" },
      { snippet: { parentId: "UgNope", textOriginal: "Hi" } },
    );
    expect(missing.statusCode).toBe(404);
  });

  it("holding a comment back hides it from the public list; only the channel's owner moderates or lists what is held", async () => {
    const ana = tops().find((c) => c.author.username === "ana") as SandboxComment;
    const id = youtubeThreadId(ana.key);
    const stranger = token(FORCE_SSL, "someone");
    expect(
      (await post("comments/setModerationStatus", { id, moderationStatus: "heldForReview" }, undefined, stranger))
        .statusCode,
    ).toBe(403);
    const held = await post("comments/setModerationStatus", { id, moderationStatus: "heldForReview" });
    expect(held.statusCode).toBe(204);
    expect(stored().find((c) => c.key === ana.key)?.hidden).toBe(true);
    const shown = (await threads()).json() as { items: Thread[] };
    expect(shown.items.map((t) => t.id)).not.toContain(id);
    const listed = (await threads({ moderationStatus: "heldForReview" })).json() as { items: Thread[] };
    expect(listed.items.map((t) => t.id)).toEqual([id]);
    expect((await threads({ moderationStatus: "heldForReview" }, stranger)).statusCode).toBe(403);
    expect((await post("comments/setModerationStatus", { id, moderationStatus: "published" })).statusCode).toBe(204);
    expect(stored().find((c) => c.key === ana.key)?.hidden).toBe(false);
    expect((await post("comments/setModerationStatus", { id, moderationStatus: "hidden" })).statusCode).toBe(400);
  });

  it("every comment call needs youtube.force-ssl; an unknown video is videoNotFound", async () => {
    const readonly = token(READONLY);
    const refused = await threads({}, readonly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.errors[0].reason).toBe("insufficientPermissions");
    const ana = tops()[0] as SandboxComment;
    const insert = await post(
      "comments",
      { part: "snippet" },
      { snippet: { parentId: youtubeThreadId(ana.key), textOriginal: "x" } },
      readonly,
    );
    expect(insert.statusCode).toBe(403);
    const unknown = await get("commentThreads", { part: "snippet", videoId: "nope12345678" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.errors[0].reason).toBe("videoNotFound");
  });
});
