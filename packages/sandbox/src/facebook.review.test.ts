import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SANDBOX_CLIENT_SECRET, sandboxClientId } from "./kit";
import { startSandbox, TEST_REDIRECT, type TestSandbox } from "./publish-test-kit";

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const AUTHORIZE = {
  facebook: "/sandbox/facebook/www.facebook.com/v25.0/dialog/oauth",
  instagram: "/sandbox/instagram/www.instagram.com/oauth/authorize",
} as const;

const authorizeUrl = (platform: "facebook" | "instagram", scope: string) =>
  `${AUTHORIZE[platform]}?${new URLSearchParams({
    client_id: sandboxClientId(platform),
    redirect_uri: TEST_REDIRECT,
    response_type: "code",
    state: "s",
    scope,
  })}`;

/** Consents as `username` and redeems the code; the granted permissions as the network reports them. */
async function grantOf(platform: "facebook" | "instagram", scope: string, username: string) {
  const consent = await s.inject({
    method: "POST",
    url: authorizeUrl(platform, scope),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ approve: "1", username }).toString(),
  });
  expect(consent.statusCode, consent.body).toBe(302);
  const code = (new URL(consent.headers.location as string).searchParams.get("code") ?? "").replace(/#_$/, "");
  if (platform === "instagram") {
    const res = await s.inject({
      method: "POST",
      url: "/sandbox/instagram/api.instagram.com/oauth/access_token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        client_id: sandboxClientId("instagram"),
        client_secret: SANDBOX_CLIENT_SECRET,
        grant_type: "authorization_code",
        redirect_uri: TEST_REDIRECT,
        code,
      }).toString(),
    });
    return (res.json().data[0].permissions as string).split(",");
  }
  const G = "/sandbox/facebook/graph.facebook.com/v25.0";
  const token = await s.inject({
    method: "GET",
    url: `${G}/oauth/access_token?${new URLSearchParams({
      client_id: sandboxClientId("facebook"),
      client_secret: SANDBOX_CLIENT_SECRET,
      redirect_uri: TEST_REDIRECT,
      code,
    })}`,
  });
  const permissions = await s.inject({
    method: "GET",
    url: `${G}/me/permissions?access_token=${token.json().access_token}`,
  });
  return (permissions.json().data as { permission: string; status: string }[])
    .filter((p) => p.status === "granted")
    .map((p) => p.permission);
}

describe("Meta's login dialogs and App Review", () => {
  it("a permission name Facebook or Instagram does not know is an error page for the developer, never a redirect", async () => {
    for (const [platform, scope, bad] of [
      ["facebook", "pages_show_list,manage_pages,publish_pages", "manage_pages, publish_pages"],
      ["instagram", "instagram_business_basic,business_content_publish", "business_content_publish"],
    ] as const) {
      const res = await s.inject({ method: "GET", url: authorizeUrl(platform, scope) });
      expect(res.statusCode, platform).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain(`Invalid Scopes: ${bad}.`);
    }
    const fine = await s.inject({
      method: "GET",
      url: authorizeUrl("facebook", "pages_show_list,pages_manage_posts,publish_video,business_management"),
    });
    expect(fine.statusCode).toBe(200);
  });

  it("by default (App Review done) a person grants every permission asked; /me/permissions lists them", async () => {
    expect(await grantOf("facebook", "pages_show_list,pages_manage_posts,publish_video", "alice")).toEqual([
      "public_profile",
      "pages_show_list",
      "pages_manage_posts",
      "publish_video",
    ]);
  });

  it("without Advanced Access a permission is left out for people without a role on the app, kept for its developers", async () => {
    s.control.setReview({
      facebook: { advanced: ["public_profile", "pages_show_list", "pages_manage_posts", "pages_read_engagement"] },
      instagram: { advanced: ["instagram_business_basic"] },
    });
    const asked = "pages_show_list,pages_manage_posts,pages_read_engagement,publish_video";
    expect(await grantOf("facebook", asked, "alice")).not.toContain("publish_video");
    expect(await grantOf("facebook", asked, "dev_alice")).toContain("publish_video");
    const ig = "instagram_business_basic,instagram_business_content_publish";
    expect(await grantOf("instagram", ig, "alice")).toEqual(["instagram_business_basic"]);
    expect(await grantOf("instagram", ig, "dev_alice")).toEqual(ig.split(","));
  });
});
