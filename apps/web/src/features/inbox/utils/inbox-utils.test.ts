import type { InboxConversation, InboxMessage, InboxReply } from "@app/shared";
import { describe, expect, it } from "vitest";
import {
  conversationFromParams,
  DEFAULT_INBOX_FILTER,
  inboxApiSearch,
  inboxFilterFromParams,
  isFiltered,
  pageCount,
  paramsOfInboxFilter,
} from "./filter";
import { authorLabel, formatWhen } from "./format";
import { groupByPost } from "./group";
import { actionsFor, repliesInFlight, replyLength, threadOf } from "./thread";

const ACCOUNT = "0b8f7a52-3c1e-4d7b-9a55-2f0e8c1d4a61";
const CONVERSATION = "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";

const message = (id: string, over: Partial<InboxMessage> = {}): InboxMessage => ({
  id,
  parentId: null,
  direction: "inbound",
  author: { name: "Ana Lopez", handle: "ana", avatarUrl: null },
  text: "Love this!",
  url: null,
  writtenAt: "2027-03-05T10:00:00.000Z",
  liked: false,
  hidden: false,
  deleted: false,
  ...over,
});

const conversation = (
  id: string,
  account: { id: string; platform: InboxConversation["account"]["platform"] },
  post: InboxConversation["post"],
): InboxConversation => ({
  id,
  kind: post ? "comment" : "mention",
  status: "open",
  account: { ...account, name: `${account.platform} account` },
  post,
  first: message(`${id}-m`),
  latest: message(`${id}-m`),
  messageCount: 1,
  unread: true,
  assignee: null,
  lastMessageAt: "2027-03-05T10:00:00.000Z",
});

describe("the Inbox's filter in the address", () => {
  it("reads the default from an empty address and writes only the tab back", () => {
    const filter = inboxFilterFromParams(new URLSearchParams());
    expect(filter).toEqual(DEFAULT_INBOX_FILTER);
    expect(paramsOfInboxFilter(filter).toString()).toBe("tab=inbox");
    expect(isFiltered(filter)).toBe(false);
  });

  it("round-trips every filter and the conversation opened", () => {
    const filter = {
      status: "all" as const,
      platform: "facebook" as const,
      account: ACCOUNT,
      mine: true,
      q: "when does it launch",
      page: 3,
    };
    const params = paramsOfInboxFilter(filter, CONVERSATION);
    expect(params.get("tab")).toBe("inbox");
    expect(params.get("assigned")).toBe("me");
    expect(inboxFilterFromParams(params)).toEqual(filter);
    expect(conversationFromParams(params)).toBe(CONVERSATION);
    expect(isFiltered(filter)).toBe(true);
  });

  it("drops what it does not know, and trims the search", () => {
    const filter = inboxFilterFromParams(
      new URLSearchParams("status=closed&platform=myspace&account=42&assigned=you&q=%20%20hi%20%20there%20&page=-2"),
    );
    expect(filter).toEqual({ ...DEFAULT_INBOX_FILTER, q: "hi there" });
    expect(conversationFromParams(new URLSearchParams("conversation=../../etc"))).toBeNull();
    expect(inboxFilterFromParams(new URLSearchParams(`q=${"a".repeat(300)}`)).q).toHaveLength(200);
  });

  it("asks the API with its own names, the status always", () => {
    expect(inboxApiSearch(DEFAULT_INBOX_FILTER)).toBe("?status=open");
    expect(
      inboxApiSearch({ status: "done", platform: "twitter", account: ACCOUNT, mine: true, q: " price ", page: 2 }),
    ).toBe(`?status=done&platform=twitter&accountId=${ACCOUNT}&assigned=me&q=price&page=2`);
  });

  it("counts at least one page", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe("grouping by post", () => {
  it("keeps the list's order: groups by their newest conversation, one per post and account, mentions apart", () => {
    const fb = { id: "acc-fb", platform: "facebook" as const };
    const x = { id: "acc-x", platform: "twitter" as const };
    const launch = { id: "post-1", excerpt: "Our launch", url: "https://facebook.example/1" };
    const groups = groupByPost([
      conversation("c1", fb, launch),
      conversation("c2", x, null),
      conversation("c3", x, { ...launch, url: "https://x.example/1" }),
      conversation("c4", fb, launch),
      conversation("c5", x, null),
      conversation("c6", fb, { id: null, excerpt: "Not ours", url: "https://facebook.example/2" }),
    ]);
    expect(groups.map((g) => [g.key, g.conversations.map((c) => c.id)])).toEqual([
      ["post:acc-fb:post-1", ["c1", "c4"]],
      ["mentions:acc-x", ["c2", "c5"]],
      ["post:acc-x:post-1", ["c3"]],
      ["post:acc-fb:https://facebook.example/2", ["c6"]],
    ]);
    expect(groups[1]?.post).toBeNull();
    expect(groupByPost([])).toEqual([]);
  });
});

describe("the thread", () => {
  it("puts the first message first and the replies after it, oldest first, one step in", () => {
    const items = threadOf([
      message("r2", { parentId: "r1", writtenAt: "2027-03-05T12:00:00.000Z" }),
      message("r1", { parentId: "m", direction: "outbound", writtenAt: "2027-03-05T11:00:00.000Z" }),
      message("m", { writtenAt: "2027-03-05T10:00:00.000Z" }),
    ]);
    expect(items.map((i) => [i.message.id, i.depth, i.answers?.id ?? null])).toEqual([
      ["m", 0, null],
      ["r1", 1, null],
      ["r2", 1, "r1"],
    ]);
  });

  it("shows the replies not sent yet, and a sent one until it is among the messages", () => {
    const reply = (id: string, over: Partial<InboxReply>): InboxReply => ({
      id,
      parentId: null,
      text: "Thanks!",
      status: "sent",
      author: null,
      error: null,
      url: null,
      createdAt: "2027-03-05T11:00:00.000Z",
      sentAt: "2027-03-05T11:00:01.000Z",
      ...over,
    });
    const messages = [
      message("m"),
      message("o", { direction: "outbound", text: "Thanks!", writtenAt: "2027-03-05T11:00:01.000Z", url: "u1" }),
    ];
    const shown = repliesInFlight(
      [
        reply("same-url", { url: "u1", text: "edited on the network" }),
        reply("same-words", {}),
        reply("other-words", { text: "See you there" }),
        reply("queued", { status: "queued", sentAt: null }),
        reply("failed", { status: "failed", error: "Too long", sentAt: null }),
      ],
      messages,
    );
    expect(shown.map((r) => r.id)).toEqual(["other-words", "queued", "failed"]);
  });

  it("offers only what the network allows, and nothing on a deleted message", () => {
    expect(actionsFor(message("m"), "facebook")).toEqual(["like", "hide", "delete"]);
    expect(actionsFor(message("m", { liked: true, hidden: true }), "facebook")).toEqual(["unlike", "unhide", "delete"]);
    expect(actionsFor(message("m", { direction: "outbound" }), "facebook")).toEqual(["delete"]);
    expect(actionsFor(message("m"), "instagram")).toEqual(["hide", "delete"]);
    expect(actionsFor(message("m"), "linkedin")).toEqual([]);
    expect(actionsFor(message("m"), "twitter")).toEqual(["like", "hide"]);
    expect(actionsFor(message("m", { deleted: true }), "facebook")).toEqual([]);
  });

  it("counts a reply's characters as the server does, trimmed", () => {
    expect(replyLength("  hello \n")).toBe(5);
  });
});

describe("formatting", () => {
  const now = new Date("2027-03-05T20:00:00.000Z");
  it("shows the time on today's messages and the day on older ones, in the zone", () => {
    expect(formatWhen("2027-03-05T09:05:00.000Z", "UTC", now)).toEqual({
      text: "09:05",
      title: "Mar 05, 2027 at 09:05",
    });
    expect(formatWhen("2027-03-04T23:30:00.000Z", "UTC", now).text).toBe("Mar 04, 2027");
    // Already the 5th in Paris.
    expect(formatWhen("2027-03-04T23:30:00.000Z", "Europe/Paris", now).text).toBe("00:30");
    expect(formatWhen("not a date", "UTC", now).text).toBe("not a date");
  });

  it("names the author with their handle", () => {
    expect(authorLabel({ name: "Ana Lopez", handle: "ana", avatarUrl: null })).toBe("Ana Lopez (@ana)");
    expect(authorLabel({ name: "ana", handle: "@ana", avatarUrl: null })).toBe("@ana");
    expect(authorLabel({ name: "Ben", handle: null, avatarUrl: null })).toBe("Ben");
    expect(authorLabel({ name: " ", handle: null, avatarUrl: null })).toBe("Someone");
  });
});
