import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { organizationsOf } from "./networks/linkedin-organizations";
import { personOf } from "./people";
import { mp4, notMedia, pathOf, png, sha256, startSandbox, type TestSandbox } from "./publish-test-kit";

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const SCOPE = "openid profile email w_member_social";
const me = personOf("linkedin", "alice");
const AUTHOR = `urn:li:person:${me.id}`;
const REST = { "linkedin-version": "202607", "x-restli-protocol-version": "2.0.0" };

const call = (method: "GET" | "POST", path: string, body?: unknown, token = s.token("linkedin", "alice", SCOPE)) =>
  s.inject({
    method,
    url: `/sandbox/linkedin/api.linkedin.com/rest/${path}`,
    headers: { ...REST, authorization: `Bearer ${token}` },
    ...(body !== undefined && { payload: body as object }),
  });

const post = (fields: Record<string, unknown> = {}, token?: string) =>
  call(
    "POST",
    "posts",
    {
      author: AUTHOR,
      commentary: "Hello LinkedIn",
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
      ...fields,
    },
    token,
  );

async function uploadImage(data: Buffer) {
  const init = await call("POST", "images?action=initializeUpload", { initializeUploadRequest: { owner: AUTHOR } });
  expect(init.statusCode, init.body).toBe(200);
  const { uploadUrl, image } = init.json().value;
  expect(image).toMatch(/^urn:li:image:/);
  const put = await s.inject({
    method: "PUT",
    url: pathOf(uploadUrl),
    payload: data,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(put.statusCode, put.body).toBe(201);
  return image as string;
}

describe("LinkedIn publishing", () => {
  it("posts text: 201 with an empty body and the URN in x-restli-id; recorded; listed by author", async () => {
    const res = await post();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).toBe("");
    const urn = res.headers["x-restli-id"] as string;
    expect(urn).toMatch(/^urn:li:share:\d{19}$/);
    const [item] = s.control.published("linkedin");
    expect(item).toMatchObject({
      platform: "linkedin",
      id: urn,
      url: `https://www.linkedin.com/feed/update/${urn}/`,
      networkUserId: me.id,
      username: "alice",
      kind: "post",
      text: "Hello LinkedIn",
      author: AUTHOR,
      visibility: "PUBLIC",
      media: [],
    });
    expect((await post({ commentary: "Second" })).statusCode).toBe(201);
    // Reading a member's posts back takes the closed r_member_social permission.
    const listPath = `posts?q=author&author=${encodeURIComponent(AUTHOR)}&count=10`;
    expect(await call("GET", listPath).then((r) => r.json())).toEqual({
      status: 403,
      serviceErrorCode: 100,
      code: "ACCESS_DENIED",
      message: "Not enough permissions to access: partnerApiPostsExternal.FINDER-author.202607",
    });
    const list = await call("GET", listPath, undefined, s.token("linkedin", "alice", `${SCOPE} r_member_social`));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().elements.map((e: { commentary: string }) => e.commentary)).toEqual(["Second", "Hello LinkedIn"]);
    expect(list.json().elements[1]).toMatchObject({
      id: urn,
      author: AUTHOR,
      visibility: "PUBLIC",
      createdAt: expect.any(Number),
    });
  });

  it("posts an image uploaded with initializeUpload and PUT, once it is AVAILABLE", async () => {
    const data = png(5000);
    const image = await uploadImage(data);
    const status = await call("GET", `images/${encodeURIComponent(image)}`);
    expect(status.json()).toMatchObject({ id: image, status: "AVAILABLE", owner: AUTHOR });
    const res = await post({ commentary: "With a picture", content: { media: { id: image, altText: "a dot" } } });
    expect(res.statusCode, res.body).toBe(201);
    expect(s.control.published("linkedin")[0]).toMatchObject({
      kind: "photo",
      media: [{ kind: "image", mimeType: "image/png", bytes: 5000, sha256: sha256(data) }],
    });
  });

  it("posts several images, and refuses one that was never uploaded", async () => {
    const a = await uploadImage(png());
    const b = await uploadImage(png());
    const init = await call("POST", "images?action=initializeUpload", { initializeUploadRequest: { owner: AUTHOR } });
    const pending = init.json().value.image;
    const refused = await post({ content: { media: { id: pending } } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ status: 422, message: expect.stringContaining("AVAILABLE") });
    const res = await post({ content: { multiImage: { images: [{ id: a }, { id: b }] } } });
    expect(res.statusCode, res.body).toBe(201);
    expect(s.control.published("linkedin")[0]?.media).toHaveLength(2);
  });

  it("posts a video uploaded in parts with ETags, finalized, then PROCESSING and AVAILABLE", async () => {
    const data = mp4(4 * 1024 * 1024 + 1000);
    const init = await call("POST", "videos?action=initializeUpload", {
      initializeUploadRequest: {
        owner: AUTHOR,
        fileSizeBytes: data.length,
        uploadCaptions: false,
        uploadThumbnail: false,
      },
    });
    expect(init.statusCode, init.body).toBe(200);
    const { video, uploadInstructions, uploadToken } = init.json().value;
    expect(uploadInstructions).toHaveLength(2);
    const etags: string[] = [];
    // The parts may go up in any order.
    for (const i of [1, 0]) {
      const { uploadUrl, firstByte, lastByte } = uploadInstructions[i];
      const put = await s.inject({
        method: "PUT",
        url: pathOf(uploadUrl),
        payload: data.subarray(firstByte, lastByte + 1),
      });
      expect(put.statusCode, put.body).toBe(200);
      etags[i] = put.headers.etag as string;
    }
    expect((await call("GET", `videos/${encodeURIComponent(video)}`)).json().status).toBe("WAITING_UPLOAD");
    const bad = await call("POST", "videos?action=finalizeUpload", {
      finalizeUploadRequest: { video, uploadToken, uploadedPartIds: [etags[1], etags[0]] },
    });
    expect(bad.statusCode).toBe(400);
    const fin = await call("POST", "videos?action=finalizeUpload", {
      finalizeUploadRequest: { video, uploadToken, uploadedPartIds: etags },
    });
    expect(fin.statusCode, fin.body).toBe(200);
    expect((await post({ content: { media: { id: video } } })).statusCode).toBe(422);
    expect((await call("GET", `videos/${encodeURIComponent(video)}`)).json().status).toBe("PROCESSING");
    expect((await call("GET", `videos/${encodeURIComponent(video)}`)).json().status).toBe("AVAILABLE");
    const res = await post({ commentary: "Watch", content: { media: { id: video, title: "Clip" } } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers["x-restli-id"]).toMatch(/^urn:li:ugcPost:/);
    expect(s.control.published("linkedin")[0]).toMatchObject({
      kind: "video",
      media: [{ kind: "video", bytes: data.length, sha256: sha256(data) }],
    });
  });

  it("refuses a file that is not an image on the image upload URL", async () => {
    const init = await call("POST", "images?action=initializeUpload", { initializeUploadRequest: { owner: AUTHOR } });
    const put = await s.inject({ method: "PUT", url: pathOf(init.json().value.uploadUrl), payload: notMedia() });
    expect(put.statusCode).toBe(400);
  });

  it("answers validation errors in LinkedIn's shape", async () => {
    const long = await post({ commentary: "x".repeat(3001) });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ status: 422, message: expect.stringContaining("commentary") });
    expect((await post({ visibility: "LOGGED_IN_MEMBERS" })).statusCode).toBe(422);
    expect((await post({ author: "urn:li:person:someoneelse" })).statusCode).toBe(422);
    expect((await post({ commentary: "" })).statusCode).toBe(422);
    const noVersion = await s.inject({
      method: "POST",
      url: "/sandbox/linkedin/api.linkedin.com/rest/posts",
      headers: { authorization: `Bearer ${s.token("linkedin", "alice", SCOPE)}` },
      payload: {},
    });
    expect(noVersion.json()).toMatchObject({ status: 400, code: "VERSION_MISSING" });
    expect(s.control.published("linkedin")).toHaveLength(0);
  });

  it("refuses the same commentary twice in a row as a duplicate", async () => {
    expect((await post()).statusCode).toBe(201);
    const again = await post();
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/duplicate/);
  });

  it("needs w_member_social, and a live token", async () => {
    const noScope = await post({}, s.token("linkedin", "alice", "openid profile"));
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json()).toMatchObject({ status: 403, serviceErrorCode: 100 });
    const expired = await post({}, s.token("linkedin", "alice", SCOPE, { expired: true }));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ status: 401, serviceErrorCode: 65602, code: "EXPIRED_ACCESS_TOKEN" });
  });

  it("throttleNext answers 429 with Retry-After on the post path, then posts", async () => {
    s.control.throttleNext("linkedin", { pathIncludes: "rest/posts", retryAfterSeconds: 7 });
    const res = await post();
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("7");
    expect(res.json()).toMatchObject({ status: 429 });
    expect((await post()).statusCode).toBe(201);
  });

  it("reset() forgets what was published, and uploads in progress", async () => {
    await post();
    const image = await uploadImage(png());
    expect(s.control.published()).toHaveLength(1);
    s.control.reset();
    expect(s.control.published()).toEqual([]);
    expect((await call("GET", `images/${encodeURIComponent(image)}`)).statusCode).toBe(404);
  });

  it("a POST body of an unknown type is refused with 415; a PUT of bytes needs no type", async () => {
    const res = await s.inject({
      method: "POST",
      url: "/sandbox/linkedin/api.linkedin.com/rest/posts",
      headers: { ...REST, authorization: `Bearer ${s.token("linkedin", "alice", SCOPE)}`, "content-type": "text/csv" },
      payload: "a,b",
    });
    expect(res.statusCode).toBe(415);
    const init = await call("POST", "images?action=initializeUpload", { initializeUploadRequest: { owner: AUTHOR } });
    const data = png();
    const put = await fetch(init.json().value.uploadUrl.replace(/^http:\/\/[^/]+/, s.origin), {
      method: "PUT",
      body: data,
    });
    expect(put.status).toBe(201);
  });

  it("every /rest call needs a live LinkedIn-Version, the Rest.li 2.0.0 header and, to POST, a JSON body", async () => {
    const token = s.token("linkedin", "alice", SCOPE);
    const send = (headers: Record<string, string>, payload: string) =>
      s.inject({
        method: "POST",
        url: "/sandbox/linkedin/api.linkedin.com/rest/posts",
        headers: { authorization: `Bearer ${token}`, ...headers },
        payload,
      });
    const json = JSON.stringify({ author: AUTHOR, commentary: "x", visibility: "PUBLIC" });
    const sunset = await send({ ...REST, "linkedin-version": "202511", "content-type": "application/json" }, json);
    expect(sunset.statusCode).toBe(426);
    expect(sunset.json()).toEqual({
      status: 426,
      code: "NONEXISTENT_VERSION",
      message: "Requested version 20251101 is not active",
    });
    const noRestli = await send({ "linkedin-version": "202607", "content-type": "application/json" }, json);
    expect(noRestli.statusCode).toBe(400);
    const form = await send({ ...REST, "content-type": "application/x-www-form-urlencoded" }, "author=x");
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
    expect(s.control.published("linkedin")).toHaveLength(0);
  });

  it("a page's posts are read back with r_organization_social, for a page the member administers", async () => {
    const [page] = organizationsOf(me);
    const author = `urn:li:organization:${page?.id}`;
    const orgScope = `${SCOPE} w_organization_social rw_organization_admin`;
    const made = await post({ author, commentary: "From the page" }, s.token("linkedin", "alice", orgScope));
    expect(made.statusCode, made.body).toBe(201);
    const list = (scope: string) =>
      call(
        "GET",
        `posts?q=author&author=${encodeURIComponent(author)}`,
        undefined,
        s.token("linkedin", "alice", scope),
      );
    expect((await list(orgScope)).statusCode).toBe(403);
    const read = await list(`${orgScope} r_organization_social`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().elements).toMatchObject([{ author, commentary: "From the page" }]);
    // Someone who does not administer the page may not read its posts through this finder.
    const stranger = s.token("linkedin", "mallory", `${orgScope} r_organization_social`);
    const other = await call("GET", `posts?q=author&author=${encodeURIComponent(author)}`, undefined, stranger);
    expect(organizationsOf(personOf("linkedin", "mallory")).some((o) => o.id === page?.id)).toBe(false);
    expect(other.statusCode).toBe(403);
  });
});
