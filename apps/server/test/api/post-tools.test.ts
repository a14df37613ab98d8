/**
 * The small tools of issue 23: duplicating a post, saved hashtag groups, and the posts list's search.
 */
import {
  HASHTAG_GROUP_MESSAGES,
  type HashtagGroup,
  MAX_HASHTAG_GROUPS,
  MAX_HASHTAGS,
  POST_MESSAGES,
  type Post,
  wallClock,
} from "@app/shared";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { hashtagGroups } from "../../src/db/schema";
import { createNetworkTestApp, joinWorkspace, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";
import { publishDue, uploadFixture } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  // Roles are read afresh on every request.
  t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
});
afterEach(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const DAY = 86_400_000;
const TZ = "Europe/Paris";
const dayAhead = (n: number) => wallClock(new Date(t.clock.now().getTime() + n * DAY), TZ).date;

async function account(cookie: string, platform: "linkedin" | "facebook" | "twitter", username: string) {
  const res = await connect(t, cookie, platform, username);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().account.id as string;
}

async function saved(cookie: string, payload: object): Promise<Post> {
  const res = await call(cookie, "POST", "/api/posts", { timezone: TZ, ...payload });
  if (res.statusCode === 500)
    console.log(
      t.logs
        .filter((l) => l.includes("error"))
        .slice(-3)
        .join("\n"),
    );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().post;
}

async function duplicated(cookie: string, id: string): Promise<Post> {
  const res = await call(cookie, "POST", `/api/posts/${id}/duplicate`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post;
}

/** What a post says and where it goes: what a copy must carry over. */
const written = (p: Post) => ({
  content: p.content,
  hashtags: p.hashtags,
  mentions: p.mentions,
  media: p.media,
  options: p.options,
  variants: p.variants,
  firstComment: p.firstComment,
  campaignId: p.campaignId,
  facebookPageId: p.facebookPageId,
  accounts: p.targets.map((x) => x.accountId).sort(),
});

describe("duplicating a post", () => {
  test("a published post becomes a new draft with its text, media, options, variants, first comment, campaign and accounts, without its results", async () => {
    const { cookie } = await signedInUser(t.app);
    const me = (await call(cookie, "GET", "/api/me")).json();
    const linkedin = await account(cookie, "linkedin", "linkedin_dup");
    const facebook = await account(cookie, "facebook", "facebook_dup");
    const pageId = (await call(cookie, "GET", `/api/accounts/${facebook}/facebook-pages`)).json().pages[0].id;
    const media = await uploadFixture(t, cookie, "sample.png");
    const campaign = (await call(cookie, "POST", "/api/campaigns", { name: "Spring" })).json().campaign.id;
    // Due in two minutes, with its per-network text and first comment as the composer sends them.
    const at = wallClock(new Date(t.clock.now().getTime() + 2 * 60_000), TZ);
    const { id } = await saved(cookie, {
      accountIds: [linkedin, facebook],
      facebookPageId: pageId,
      content: "Our spring collection is here",
      hashtags: ["spring", "launch"],
      mentions: ["orbitpost"],
      media: [{ id: media, aspectRatio: "1:1" }],
      options: { linkedin: { visibility: "CONNECTIONS" } },
      campaignId: campaign,
      variants: { linkedin: { content: "For our LinkedIn network: spring is here", hashtags: ["b2b"], media: [] } },
      firstComment: "Shop at example.com",
      scheduledDate: at.date,
      scheduledTime: at.time,
      status: "scheduled",
    });
    t.clock.advance(3 * 60_000);
    const { post: out } = await publishDue(t, id);
    expect(out?.status).toBe("published");
    const source = (await call(cookie, "GET", `/api/posts/${id}`)).json().post as Post;
    expect(source.variants.linkedin?.content).toBe("For our LinkedIn network: spring is here");
    expect(source.firstComment).toBe("Shop at example.com");

    const copy = await duplicated(cookie, id);
    expect(copy.id).not.toBe(id);
    expect(copy.status).toBe("draft");
    expect(copy.authorId).toBe(me.user.id);
    expect(written(copy)).toEqual(written(source));
    // None of the original's results: each network waits, with no address, error or first comment of its own.
    for (const target of copy.targets) {
      expect(target).toMatchObject({
        status: "pending",
        externalUrl: null,
        publishedAt: null,
        lastError: null,
        firstComment: null,
      });
    }
    // The original went out in the past: the draft takes a draft's default day and time, in the post's zone.
    expect(copy.timezone).toBe(TZ);
    expect(copy.scheduledDate).toBe(wallClock(t.clock.now(), TZ).date);
    expect(copy.scheduledTime).toBe("09:00");
    // The original is as it was; the copy is listed beside it, in its campaign.
    expect((await call(cookie, "GET", `/api/posts/${id}`)).json().post).toEqual(source);
    const drafts = (await call(cookie, "GET", "/api/posts?status=draft")).json().posts as Post[];
    expect(drafts.map((p) => p.id)).toEqual([copy.id]);
    const inCampaign = (await call(cookie, "GET", `/api/campaigns/${campaign}`)).json().posts as { id: string }[];
    expect(inCampaign.map((p) => p.id).sort()).toEqual([id, copy.id].sort());
  });

  test("a post still ahead keeps its date and time; accounts disconnected since are left out", async () => {
    const { cookie } = await signedInUser(t.app);
    const linkedin = await account(cookie, "linkedin", "linkedin_ahead");
    const x = await account(cookie, "twitter", "x_ahead");
    const source = await saved(cookie, {
      content: "Webinar on Thursday",
      accountIds: [linkedin, x],
      variants: { twitter: { content: "Webinar Thursday, X edition", hashtags: ["live"], media: [] } },
      scheduledDate: dayAhead(3),
      scheduledTime: "14:30",
      status: "scheduled",
    });
    expect((await call(cookie, "DELETE", `/api/accounts/${x}`)).statusCode).toBe(200);
    const copy = await duplicated(cookie, source.id);
    expect(copy).toMatchObject({ status: "draft", scheduledDate: dayAhead(3), scheduledTime: "14:30", timezone: TZ });
    expect(copy.targets.map((p) => p.accountId)).toEqual([linkedin]);
    // X's own text went with X.
    expect(copy.variants).toEqual({});
    // The original keeps its schedule and both networks.
    const after = (await call(cookie, "GET", `/api/posts/${source.id}`)).json().post as Post;
    expect(after.status).toBe("scheduled");
    expect(after.targets).toHaveLength(2);
  });

  test("every role that writes drafts copies any post of the workspace into a draft of its own", async () => {
    const owner = await signedInUser(t.app);
    const linkedin = await account(owner.cookie, "linkedin", "linkedin_roles");
    const source = await saved(owner.cookie, {
      content: "The owner's scheduled post",
      accountIds: [linkedin],
      scheduledDate: dayAhead(2),
      scheduledTime: "10:00",
      status: "scheduled",
    });
    for (const role of ["admin", "editor", "contributor"] as const) {
      const member = await joinWorkspace(t, owner, role);
      const copy = await duplicated(member.cookie, source.id);
      expect(copy).toMatchObject({ status: "draft", authorId: member.userId, content: source.content });
      // A Contributor's own draft: theirs to delete.
      if (role === "contributor")
        expect((await call(member.cookie, "DELETE", `/api/posts/${copy.id}`)).statusCode).toBe(200);
    }
  });

  test("another workspace's post, or no post at all, is a 404; an id that is no id is a 400", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const source = await saved(a.cookie, { content: "A's own words", status: "draft" });
    const other = await call(b.cookie, "POST", `/api/posts/${source.id}/duplicate`);
    expect(other.statusCode, other.body).toBe(404);
    expect(other.json().error.message).toBe(POST_MESSAGES.notFound);
    expect((await call(b.cookie, "GET", "/api/posts")).json().posts).toEqual([]);
    const none = await call(a.cookie, "POST", "/api/posts/00000000-0000-4000-8000-000000000000/duplicate");
    expect(none.statusCode).toBe(404);
    expect((await call(a.cookie, "POST", "/api/posts/not-an-id/duplicate")).statusCode).toBe(400);
    expect((await call(a.cookie, "GET", "/api/posts")).json().posts).toHaveLength(1);
  });
});

describe("saved hashtag groups", () => {
  const group = async (cookie: string, payload: object): Promise<HashtagGroup> => {
    const res = await call(cookie, "POST", "/api/hashtag-groups", payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().group;
  };
  const groups = async (cookie: string): Promise<HashtagGroup[]> => {
    const res = await call(cookie, "GET", "/api/hashtag-groups");
    expect(res.statusCode, res.body).toBe(200);
    return res.json().groups;
  };

  test("saved, listed by name, renamed, given other hashtags and deleted", async () => {
    const { cookie } = await signedInUser(t.app);
    expect(await groups(cookie)).toEqual([]);
    // Hashtags are checked like a post's: the # is taken off, the same tag twice (case ignored) is kept once.
    const spring = await group(cookie, { name: "  Spring launch ", hashtags: ["#Spring", "launch", "spring", "#new"] });
    expect(spring).toMatchObject({ name: "Spring launch", hashtags: ["Spring", "launch", "new"] });
    const brand = await group(cookie, { name: "brand", hashtags: ["orbitpost"] });
    expect((await groups(cookie)).map((g) => g.name)).toEqual(["brand", "Spring launch"]);

    const renamed = await call(cookie, "PATCH", `/api/hashtag-groups/${spring.id}`, { name: "Autumn" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().group).toMatchObject({
      id: spring.id,
      name: "Autumn",
      hashtags: ["Spring", "launch", "new"],
    });
    const edited = await call(cookie, "PATCH", `/api/hashtag-groups/${spring.id}`, { hashtags: ["autumn", "#sale"] });
    expect(edited.json().group).toMatchObject({ name: "Autumn", hashtags: ["autumn", "sale"] });
    // A change of case of its own name is no clash.
    const recased = await call(cookie, "PATCH", `/api/hashtag-groups/${brand.id}`, { name: "Brand" });
    expect(recased.statusCode, recased.body).toBe(200);
    expect((await groups(cookie)).map((g) => [g.name, g.hashtags])).toEqual([
      ["Autumn", ["autumn", "sale"]],
      ["Brand", ["orbitpost"]],
    ]);

    expect((await call(cookie, "DELETE", `/api/hashtag-groups/${spring.id}`)).statusCode).toBe(204);
    expect((await groups(cookie)).map((g) => g.name)).toEqual(["Brand"]);
    const again = await call(cookie, "DELETE", `/api/hashtag-groups/${spring.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(HASHTAG_GROUP_MESSAGES.notFound);
    expect((await call(cookie, "PATCH", "/api/hashtag-groups/not-an-id", { name: "x" })).statusCode).toBe(404);
  });

  test("a name is unique in the workspace, case ignored: a clear 409", async () => {
    const { cookie } = await signedInUser(t.app);
    await group(cookie, { name: "Spring", hashtags: ["spring"] });
    const other = await group(cookie, { name: "Summer", hashtags: ["summer"] });
    const twice = await call(cookie, "POST", "/api/hashtag-groups", { name: "SPRING ", hashtags: ["x"] });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().error).toMatchObject({
      code: "HASHTAG_GROUP_NAME_TAKEN",
      message: HASHTAG_GROUP_MESSAGES.nameTaken("SPRING"),
    });
    const rename = await call(cookie, "PATCH", `/api/hashtag-groups/${other.id}`, { name: "spring" });
    expect(rename.statusCode, rename.body).toBe(409);
    expect(rename.json().error.message).toBe(HASHTAG_GROUP_MESSAGES.nameTaken("spring"));
    // Another workspace may use the same name.
    const b = await signedInUser(t.app);
    await group(b.cookie, { name: "spring", hashtags: ["b"] });
  });

  test("bad input is a 400 with the reason; a workspace holds at most MAX_HASHTAG_GROUPS groups", async () => {
    const { cookie } = await signedInUser(t.app);
    const refused = async (payload: object, message?: string) => {
      const res = await call(cookie, "POST", "/api/hashtag-groups", payload);
      expect(res.statusCode, res.body).toBe(400);
      if (message) expect(res.body).toContain(message);
    };
    await refused({ name: "", hashtags: ["a"] }, HASHTAG_GROUP_MESSAGES.nameRequired);
    await refused({ hashtags: ["a"] }, HASHTAG_GROUP_MESSAGES.nameRequired);
    await refused({ name: "x".repeat(61), hashtags: ["a"] }, HASHTAG_GROUP_MESSAGES.nameTooLong);
    await refused({ name: "Tab\there", hashtags: ["a"] });
    await refused({ name: "Empty", hashtags: [] }, HASHTAG_GROUP_MESSAGES.hashtagsRequired);
    await refused({ name: "Spaces", hashtags: ["two words"] }, "A hashtag is one word without spaces.");
    await refused({ name: "Control", hashtags: ["bad\u0000tag"] });
    const many = Array.from({ length: MAX_HASHTAGS + 1 }, (_, i) => `tag${i}`);
    await refused({ name: "Too many", hashtags: many }, HASHTAG_GROUP_MESSAGES.tooManyHashtags);
    expect((await group(cookie, { name: "Just enough", hashtags: many.slice(1) })).hashtags).toHaveLength(MAX_HASHTAGS);

    const me = (await call(cookie, "GET", "/api/me")).json();
    await t.db.insert(hashtagGroups).values(
      Array.from({ length: MAX_HASHTAG_GROUPS - 1 }, (_, i) => ({
        workspaceId: me.workspace.id,
        name: `Group ${i}`,
        hashtags: ["x"],
      })),
    );
    const full = await call(cookie, "POST", "/api/hashtag-groups", { name: "One more", hashtags: ["x"] });
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().error.message).toBe(HASHTAG_GROUP_MESSAGES.tooManyGroups(MAX_HASHTAG_GROUPS));
  });

  test("every member reads and writes the workspace's groups; another workspace's are a 404 and unseen", async () => {
    const owner = await signedInUser(t.app);
    const mine = await group(owner.cookie, { name: "Brand", hashtags: ["orbitpost"] });
    const contributor = await joinWorkspace(t, owner, "contributor");
    expect((await groups(contributor.cookie)).map((g) => g.id)).toEqual([mine.id]);
    const theirs = await group(contributor.cookie, { name: "Contributor's", hashtags: ["ideas"] });
    const renamed = await call(contributor.cookie, "PATCH", `/api/hashtag-groups/${mine.id}`, { name: "Brand 2" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call(owner.cookie, "DELETE", `/api/hashtag-groups/${theirs.id}`)).statusCode).toBe(204);

    const stranger = await signedInUser(t.app);
    expect(await groups(stranger.cookie)).toEqual([]);
    for (const [method, payload] of [
      ["PATCH", { name: "Taken over" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(stranger.cookie, method, `/api/hashtag-groups/${mine.id}`, payload);
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await groups(owner.cookie)).map((g) => g.name)).toEqual(["Brand 2"]);
  });
});

describe("searching posts", () => {
  const search = async (cookie: string, query: string) => {
    const res = await call(cookie, "GET", `/api/posts?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().posts as Post[]).map((p) => p.content);
  };
  const q = (words: string, more = "") => `q=${encodeURIComponent(words)}${more}`;

  test("finds posts by their text or hashtags, case ignored, with % and _ taken as they are", async () => {
    const { cookie } = await signedInUser(t.app);
    for (const [content, hashtags] of [
      ["Summer sale: 50% off everything", []],
      ["Summer sale: 50 percent off", []],
      ["Rename snake_case files", []],
      ["Rename snakeXcase files", []],
      ["A launch party tonight", []],
      ["New product", ["Launch"]],
      ["A backslash \\ here", []],
    ] as const) {
      await saved(cookie, { content, hashtags, status: "draft" });
      t.clock.advance(1000);
    }
    expect(await search(cookie, q("50%"))).toEqual(["Summer sale: 50% off everything"]);
    expect(await search(cookie, q("%"))).toEqual(["Summer sale: 50% off everything"]);
    expect(await search(cookie, q("snake_case"))).toEqual(["Rename snake_case files"]);
    expect(await search(cookie, q("_"))).toEqual(["Rename snake_case files"]);
    expect(await search(cookie, q("\\"))).toEqual(["A backslash \\ here"]);
    expect(await search(cookie, q("SUMMER SALE")).then((l) => l.length)).toBe(2);
    // A hashtag is found with or without its #; the # alone finds only posts with that hashtag.
    expect((await search(cookie, q("launch"))).sort()).toEqual(["A launch party tonight", "New product"]);
    expect(await search(cookie, q("#launch"))).toEqual(["New product"]);
    expect(await search(cookie, q("  #LAUNCH  "))).toEqual(["New product"]);
    expect(await search(cookie, q("nothing like this"))).toEqual([]);
    // An empty search is no search.
    expect(await search(cookie, q(""))).toHaveLength(7);
    // With the other filters, and a limit.
    expect(await search(cookie, q("rename", "&status=draft&limit=1"))).toEqual(["Rename snake_case files"]);
    expect(await search(cookie, q("rename", "&status=scheduled"))).toEqual([]);
  });

  test("a search sees only the workspace's posts; bad searches are a 400", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    await saved(a.cookie, { content: "A secret plan", status: "draft" });
    expect(await search(b.cookie, q("secret"))).toEqual([]);
    expect(await search(a.cookie, q("secret"))).toEqual(["A secret plan"]);
    for (const bad of [q("tab\there"), q("x".repeat(101)), "limit=0", "limit=100000", "limit=many"]) {
      const res = await call(a.cookie, "GET", `/api/posts?${bad}`);
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
    }
  });
});
