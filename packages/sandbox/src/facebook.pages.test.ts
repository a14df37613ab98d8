import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accountPagesOf, businessesOf, pagesOf } from "./networks/facebook-pages";
import { personOf } from "./people";
import { pathOf, startSandbox, type TestSandbox } from "./publish-test-kit";

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const G = "/sandbox/facebook/graph.facebook.com/v25.0";
const ALL = "pages_show_list,pages_manage_posts,pages_read_engagement,business_management";
const get = (path: string, query: Record<string, string>, token: string) =>
  s.inject({ method: "GET", url: `${G}/${path}?${new URLSearchParams({ ...query, access_token: token })}` });

describe("Facebook Pages of a person", () => {
  it("an agency's /me/accounts takes more than one answer: paging.next leads to the rest, then stops", async () => {
    const token = s.token("facebook", "agency_anna", ALL);
    const first = await get("me/accounts", { fields: "id,name,access_token" }, token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toHaveLength(25);
    expect(first.json().data[0].access_token).toMatch(/^sbxp\./);
    const next = first.json().paging.next as string;
    expect(next).toContain("after=");
    const second = await s.inject({ method: "GET", url: pathOf(next) });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toHaveLength(2);
    expect(second.json().paging.next).toBeUndefined();
    const ids = [...first.json().data, ...second.json().data].map((p: { id: string }) => p.id);
    expect(ids).toEqual(accountPagesOf(personOf("facebook", "agency_anna")).map((p) => p.id));
  });

  it("Pages held through a business: /me/businesses, then each one's owned_pages and client_pages", async () => {
    const anna = personOf("facebook", "agency_anna");
    const token = s.token("facebook", "agency_anna", ALL);
    const businesses = await get("me/businesses", { fields: "id,name" }, token);
    expect(businesses.statusCode, businesses.body).toBe(200);
    const [business] = businessesOf(anna);
    expect(businesses.json().data).toEqual([{ id: business?.id, name: business?.name }]);
    const owned = await get(`${business?.id}/owned_pages`, { fields: "id,name,access_token" }, token);
    expect(owned.statusCode, owned.body).toBe(200);
    expect(owned.json().data.map((p: { id: string }) => p.id)).toEqual(business?.owned.map((p) => p.id));
    const client = await get(`${business?.id}/client_pages`, { fields: "id,name" }, token);
    expect(client.json().data.map((p: { id: string }) => p.id)).toEqual(business?.client.map((p) => p.id));
    // One owned Page is also one the person manages: listed in both places, a single Page.
    const direct = new Set(accountPagesOf(anna).map((p) => p.id));
    expect(business?.owned.filter((p) => direct.has(p.id))).toHaveLength(1);
    expect(pagesOf(anna)).toHaveLength(27 + 2 + 1);
    // Someone else's business is not readable.
    const other = await get(`${business?.id}/owned_pages`, {}, s.token("facebook", "bob", ALL));
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatchObject({ code: 100, error_subcode: 33 });
    // Most people work in no business.
    expect((await get("me/businesses", {}, s.token("facebook", "alice", ALL))).json().data).toEqual([]);
  });

  it("a Page's token is read from the Page with the user's token, for any Page the person can post to", async () => {
    const anna = personOf("facebook", "agency_anna");
    const clientPage = businessesOf(anna)[0]?.client[0]?.id as string;
    const res = await get(clientPage, { fields: "id,access_token" }, s.token("facebook", "agency_anna", ALL));
    expect(res.statusCode, res.body).toBe(200);
    const pageToken = res.json().access_token as string;
    expect(pageToken).toMatch(/^sbxp\./);
    const post = await s.inject({
      method: "POST",
      url: `${G}/${clientPage}/feed`,
      payload: { message: "For a client", access_token: pageToken },
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(s.control.published("facebook")[0]).toMatchObject({ pageId: clientPage, text: "For a client" });
  });

  it("each list needs its permission, with Graph's refusal; follower counts need pages_read_engagement", async () => {
    const noList = await get("me/accounts", {}, s.token("facebook", "alice", "pages_manage_posts"));
    expect(noList.statusCode).toBe(403);
    expect(noList.json().error).toMatchObject({ code: 200, message: expect.stringContaining("pages_show_list") });
    const noBusiness = await get("me/businesses", {}, s.token("facebook", "alice", "pages_show_list"));
    expect(noBusiness.statusCode).toBe(403);
    expect(noBusiness.json().error).toMatchObject({
      code: 200,
      message: expect.stringContaining("business_management"),
    });
    const business = businessesOf(personOf("facebook", "agency_anna"))[0]?.id as string;
    const noOwned = await get(`${business}/owned_pages`, {}, s.token("facebook", "agency_anna", "pages_show_list"));
    expect(noOwned.statusCode).toBe(403);
    const listOnly = s.token("facebook", "alice", "pages_show_list");
    const counts = await get("me/accounts", { fields: "id,name,followers_count" }, listOnly);
    expect(counts.statusCode).toBe(403);
    expect(counts.json().error).toMatchObject({ code: 10, message: expect.stringContaining("pages_read_engagement") });
    expect((await get("me/accounts", { fields: "id,name" }, listOnly)).statusCode).toBe(200);
    const page = pagesOf(personOf("facebook", "alice"))[0]?.id as string;
    expect((await get(page, { fields: "fan_count" }, listOnly)).json().error.code).toBe(10);
  });

  it("a Page token does not list Pages", async () => {
    const res = await get("me/accounts", {}, s.token("facebook", "alice", ALL, { kind: "page" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(100);
  });
});
