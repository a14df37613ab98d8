import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SandboxComment } from "./comments";
import { LIVE_VERSIONS } from "./networks/linkedin";
import { COMMENT_MAX, linkedinActivityUrn, linkedinCommentUrn } from "./networks/linkedin-comments";
import { organizationsOf } from "./networks/linkedin-organizations";
import { personOf } from "./people";
import { startSandbox, type TestSandbox } from "./publish-test-kit";
import type { PublishedItem } from "./publishing";

/**
 * LinkedIn's Comments API: a company page's administrators read the comments on its posts and the replies under
 * each, and answer as the page; a member's own posts need r_member_social, which no app gets.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const API = "/sandbox/linkedin/api.linkedin.com/rest";
const PAGE_SCOPES = "openid profile w_member_social w_organization_social r_organization_social rw_organization_admin";
const VERSION = LIVE_VERSIONS.at(-1) as string;
const admin = personOf("linkedin", "carla");
const org = organizationsOf(admin)[0] as { id: string };
const orgUrn = `urn:li:organization:${org.id}`;

let clock: number;
let s: TestSandbox;
let post: PublishedItem;
let own: PublishedItem;
beforeEach(async () => {
  clock = Date.now() - 20 * DAY;
  s = await startSandbox({ now: () => new Date(clock) });
  [post] = s.control.seedPublished("linkedin", "carla", [{ text: "We are hiring", organizationId: org.id }]) as [
    PublishedItem,
  ];
  [own] = s.control.seedPublished("linkedin", "carla", [{ text: "My own news" }]) as [PublishedItem];
  clock += 4 * DAY;
  s.control.comment("linkedin", post.id, { username: "dana", text: "Is it remote?" });
});
afterEach(async () => {
  await s.close();
});

type Element = { commentUrn: string; actor: string; agent?: string; parentComment?: string; message: { text: string } };
const token = (scope = PAGE_SCOPES, username = "carla") => s.token("linkedin", username, scope);
const headers = (t = token()) => ({
  authorization: `Bearer ${t}`,
  "linkedin-version": VERSION,
  "x-restli-protocol-version": "2.0.0",
});
const list = (urn: string, query: Record<string, string> = {}, t = token()) =>
  s.inject({
    method: "GET",
    url: `${API}/socialActions/${encodeURIComponent(urn)}/comments?${new URLSearchParams(query)}`,
    headers: headers(t),
  });
const create = (urn: string, payload: Record<string, unknown>, t = token()) =>
  s.inject({
    method: "POST",
    url: `${API}/socialActions/${encodeURIComponent(urn)}/comments`,
    headers: headers(t),
    payload,
  });
const stored = () => s.control.comments("linkedin", post.id);
const urnOf = (c: SandboxComment) => linkedinCommentUrn(post.id, c.key);

describe("LinkedIn comments", () => {
  it("a page's administrator reads its post's first-level comments: URNs, the author's URN, text, time, paging", async () => {
    const res = await list(post.id, { start: "0", count: "100" });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { paging: { total: number }; elements: (Element & Record<string, unknown>)[] };
    const tops = stored().filter((c) => !c.parentKey);
    expect(body.paging.total).toBe(tops.length);
    expect(body.elements.map((e) => e.commentUrn)).toEqual(tops.map(urnOf));
    const dana = tops.find((c) => c.author.username === "dana") as SandboxComment;
    expect(body.elements.find((e) => e.commentUrn === urnOf(dana))).toMatchObject({
      $URN: urnOf(dana),
      actor: `urn:li:person:${personOf("linkedin", "dana").id}`,
      object: linkedinActivityUrn(post.id),
      message: { text: "Is it remote?" },
      created: { time: dana.at.getTime() },
      commentsSummary: { totalFirstLevelComments: 0 },
    });
    expect(urnOf(dana)).toMatch(/^urn:li:comment:\(urn:li:activity:\d{19},\d{19}\)$/);
    const second = (await list(post.id, { start: "1", count: "1" })).json() as { elements: Element[] };
    expect(second.elements.map((e) => e.commentUrn)).toEqual(tops.slice(1, 2).map(urnOf));
  });

  it("the page answers a comment: a reply under it, as the organization, with the member as agent", async () => {
    const dana = stored().find((c) => c.author.username === "dana") as SandboxComment;
    const made = await create(urnOf(dana), {
      actor: orgUrn,
      object: post.id,
      message: { text: "Yes, fully remote." },
      parentComment: urnOf(dana),
    });
    expect(made.statusCode).toBe(201);
    const reply = made.json() as Element & { id: string };
    expect(made.headers["x-restli-id"]).toBe(reply.id);
    expect(reply).toMatchObject({ actor: orgUrn, agent: `urn:li:person:${admin.id}`, parentComment: urnOf(dana) });
    const replies = (await list(urnOf(dana))).json() as { elements: Element[] };
    expect(replies.elements.map((e) => e.message.text)).toEqual(["Yes, fully remote."]);
    const tops = (await list(post.id, { count: "100" })).json() as {
      elements: (Element & { commentsSummary: { totalFirstLevelComments: number } })[];
    };
    expect(tops.elements.find((e) => e.commentUrn === urnOf(dana))?.commentsSummary.totalFirstLevelComments).toBe(1);
    // A reply to the reply joins the same thread (LinkedIn nests one level).
    const deeper = await create(post.id, {
      actor: orgUrn,
      object: post.id,
      message: { text: "Apply here" },
      parentComment: reply.commentUrn,
    });
    expect(deeper.statusCode).toBe(201);
    expect((deeper.json() as Element).parentComment).toBe(urnOf(dana));
    const long = await create(urnOf(dana), { actor: orgUrn, message: { text: "x".repeat(COMMENT_MAX + 1) } });
    expect(long.statusCode).toBe(422);
  });

  it("a member's own post needs r_member_social; the page's needs r_organization_social and its administrator", async () => {
    const member = await list(own.id);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ status: 403, serviceErrorCode: 100, code: "ACCESS_DENIED" });
    expect((await list(post.id, {}, token("openid profile w_member_social w_organization_social"))).statusCode).toBe(
      403,
    );
    expect((await list(post.id, {}, token(PAGE_SCOPES, "stranger"))).statusCode).toBe(403);
    const dana = stored()[0] as SandboxComment;
    const asOther = await create(
      urnOf(dana),
      { actor: orgUrn, message: { text: "Hi" } },
      token(PAGE_SCOPES, "stranger"),
    );
    expect(asOther.statusCode).toBe(403);
    expect((await list("urn:li:share:1")).statusCode).toBe(404);
    const noVersion = await s.inject({
      method: "GET",
      url: `${API}/socialActions/${encodeURIComponent(post.id)}/comments`,
      headers: { authorization: `Bearer ${token()}`, "x-restli-protocol-version": "2.0.0" },
    });
    expect(noVersion.statusCode).toBe(400);
  });
});
