import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import {
  duePost,
  fixture,
  fixtureSha256,
  publishDue,
  publisherOn,
  publisherWithScopes,
  uploadFixture,
} from "../publishing";

// Each network's own choices of a post (spec section 5's per-platform forms, the composer's options),
// as the network receives them.

let t: NetworkTestApp;
let images: Server | undefined;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  images?.close();
  images = undefined;
  await t.close();
});

/** An image on someone else's web server, as a user gives its address. */
async function imageOnTheWeb(): Promise<string> {
  const jpg = await fixture("sample.jpg");
  images = createServer((_req, res) => res.writeHead(200, { "content-type": "image/jpeg" }).end(jpg));
  await new Promise<void>((resolve) => images?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(images.address() as AddressInfo).port}/photos/spring.jpg`;
}

test("Pinterest: the chosen board, title and link; an image given by address instead of the library", async () => {
  const { cookie, accountId } = await publisherOn(t, "pinterest");
  const boards = (
    await t.app.inject({ method: "GET", url: `/api/accounts/${accountId}/pinterest-boards`, headers: { cookie } })
  ).json().boards;
  const board = boards.at(-1).id as string;
  const imageUrl = await imageOnTheWeb();
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Five plants that love shade",
    options: { pinterest: { boardId: board, title: "Shade plants", link: "https://garden.example/shade", imageUrl } },
  });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  const [pin] = t.sandbox.published("pinterest");
  expect(pin).toMatchObject({
    boardId: board,
    title: "Shade plants",
    text: "Five plants that love shade",
    link: "https://garden.example/shade",
  });
  expect(pin?.media[0]?.sha256).toBe(await fixtureSha256("sample.jpg"));
});

test("Pinterest options are checked: a link must be a web address, a title at most 100 characters", async () => {
  const { cookie, accountId } = await publisherOn(t, "pinterest");
  const png = await uploadFixture(t, cookie, "sample.png");
  const media = [{ id: png, aspectRatio: "1:1" }];
  for (const pinterest of [{ link: "javascript:alert(1)" }, { title: "x".repeat(101) }, { imageUrl: "file:///etc" }]) {
    await expect(
      duePost(t, cookie, { accountIds: [accountId], content: "Hi", media, options: { pinterest } }),
    ).rejects.toThrow(/VALIDATION_ERROR/);
  }
});

test("LinkedIn: a link goes as an article with its title and description; a company page posts as the organization", async () => {
  // The sandbox grants LinkedIn's organization scopes (its Community Management product) to this server.
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const link = { url: "https://blog.example/launch", title: "Our launch", description: "What we built and why" };
  const first = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Read about it",
    options: { linkedin: { link, visibility: "CONNECTIONS" } },
  });
  expect((await publishDue(t, first)).post?.status).toBe("published");
  const [article] = t.sandbox.published("linkedin");
  expect(article).toMatchObject({ kind: "article", link: link.url, title: link.title, visibility: "CONNECTIONS" });
  expect(article?.raw).toMatchObject({ content: { article: { description: link.description } } });

  // The pages the member administers, as the composer lists them.
  const listed = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/linkedin-organizations`,
    headers: { cookie },
  });
  expect(listed.statusCode, listed.body).toBe(200);
  const organizations = listed.json().organizations as { id: string; name: string }[];
  expect(organizations.length).toBeGreaterThan(0);
  for (const o of organizations) {
    expect(o.id).toMatch(/^\d+$/);
    expect(o.name).not.toBe("");
  }
  const page = organizations.at(-1)?.id as string;
  const second = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "From the company",
    options: { linkedin: { postAs: "company", organizationId: page } },
  });
  expect((await publishDue(t, second)).post?.status).toBe("published");
  expect(t.sandbox.published("linkedin").at(-1)).toMatchObject({
    author: `urn:li:organization:${page}`,
    text: "From the company",
  });

  // A page the member does not administer: LinkedIn refuses it, in its words, and nothing is posted.
  const other = ["2414183", "10000001"].find((id) => !organizations.some((o) => o.id === id)) as string;
  const third = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Not our page",
    options: { linkedin: { postAs: "company", organizationId: other } },
  });
  const refused = await publishDue(t, third);
  expect(refused.post?.status).toBe("failed");
  expect(refused.targets[0]?.lastError).toBe(
    "Field Value validation failed in REQUEST_BODY: Data Processing Exception while processing fields [/author]",
  );
  expect(t.sandbox.published("linkedin").map((p) => p.text)).not.toContain("Not our page");
});

test("LinkedIn company pages: a connection without the organization permissions says so; another user's account is not found", async () => {
  const { cookie, accountId } = await publisherWithScopes(t, "linkedin", {
    remove: ["w_organization_social", "rw_organization_admin"],
  });
  const res = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/linkedin-organizations`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(424);
  expect(res.json().error).toMatchObject({
    code: "NETWORK_ERROR",
    message:
      "Posting as a company page needs LinkedIn's organization permissions: reconnect LinkedIn after your administrator enables them.",
  });
  // The account still works for the member's own posts.
  const accounts = await t.app.inject({ method: "GET", url: "/api/accounts", headers: { cookie } });
  expect(accounts.json().accounts[0]).toMatchObject({ id: accountId, status: "active", lastError: null });

  // Scheduling as a company page without choosing one is refused before anything goes out.
  await expect(
    duePost(t, cookie, { accountIds: [accountId], content: "Hi", options: { linkedin: { postAs: "company" } } }),
  ).rejects.toThrow(/Please choose the LinkedIn company page to post as\./);

  const stranger = await publisherOn(t, "pinterest", "someone_else");
  const other = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/linkedin-organizations`,
    headers: { cookie: stranger.cookie },
  });
  expect(other.statusCode).toBe(404);
  const wrongNetwork = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${stranger.accountId}/linkedin-organizations`,
    headers: { cookie: stranger.cookie },
  });
  expect(wrongNetwork.statusCode).toBe(404);
});

test("Facebook: a link post; a picture by address, ignored when a link is given; a link alone is a post", async () => {
  const { cookie, accountId } = await publisherOn(t, "facebook");
  const pages = (
    await t.app.inject({ method: "GET", url: `/api/accounts/${accountId}/facebook-pages`, headers: { cookie } })
  ).json().pages;
  const page = { accountIds: [accountId], facebookPageId: pages[0].id as string };
  const pictureUrl = await imageOnTheWeb();

  const linkOnly = await duePost(t, cookie, {
    ...page,
    content: "",
    options: { facebook: { link: "https://shop.example/new", pictureUrl } },
  });
  expect((await publishDue(t, linkOnly)).post?.status).toBe("published");
  expect(t.sandbox.published("facebook")[0]).toMatchObject({ link: "https://shop.example/new", media: [] });

  const picture = await duePost(t, cookie, { ...page, content: "New in", options: { facebook: { pictureUrl } } });
  expect((await publishDue(t, picture)).post?.status).toBe("published");
  const photo = t.sandbox.published("facebook").at(-1);
  expect(photo?.text).toBe("New in");
  expect(photo?.media[0]?.sha256).toBe(await fixtureSha256("sample.jpg"));
});

test("TikTok: privacy, comments, duets and stitches as chosen", async () => {
  const { cookie, accountId } = await publisherOn(t, "tiktok");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const media = [{ id: mp4, aspectRatio: "9:16" }];
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Behind the scenes",
    media,
    options: { tiktok: { privacy: "SELF_ONLY", allowComment: true, allowDuet: false, allowStitch: false } },
  });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  expect(t.sandbox.published("tiktok")[0]?.raw).toMatchObject({
    post_info: { privacy_level: "SELF_ONLY", disable_comment: false, disable_duet: true, disable_stitch: true },
  });
});

test("YouTube: the title and privacy chosen", async () => {
  const { cookie, accountId } = await publisherOn(t, "youtube");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "A long description of the video",
    media: [{ id: mp4, aspectRatio: "16:9" }],
    options: { youtube: { title: "Studio tour", privacy: "unlisted" } },
  });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  expect(t.sandbox.published("youtube")[0]?.raw).toMatchObject({
    snippet: { title: "Studio tour", description: "A long description of the video" },
    status: { privacyStatus: "unlisted" },
  });
});
