import type { Platform } from "@app/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { postFigures } from "./metrics";
import { pagesOf } from "./networks/facebook-pages";
import { organizationsOf } from "./networks/linkedin-organizations";
import { boardsOf } from "./networks/pinterest";
import { personOf } from "./people";
import { startSandbox, type TestSandbox } from "./publish-test-kit";

/**
 * control.seedPublished registers posts as published without the publishing calls: each network's reads answer
 * for them as for a published post, with postFigures at the sandbox's moment.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The sandbox's clock runs days behind the real one, so the test kit's tokens (an hour from real now) stay valid.
let clock: number;
let s: TestSandbox;
beforeEach(async () => {
  clock = Date.now() - 10 * DAY;
  s = await startSandbox({ now: () => new Date(clock) });
});
afterEach(async () => {
  await s.close();
});

const bearer = (platform: Platform, scope: string, kind?: "page") => ({
  authorization: `Bearer ${s.token(platform, "alice", scope, kind && { kind })}`,
});
const figures = (platform: Platform, id: string, at: Date) => postFigures(platform, id, at, new Date(clock));
const get = (platform: Platform, path: string, headers: Record<string, string> = {}) =>
  s.inject({ method: "GET", url: `/sandbox/${platform}/${path}`, headers });

describe("control.seedPublished", () => {
  it("registers posts on every network as a publish would: ids, addresses, the person's Page, board or organization", () => {
    const at = new Date(clock - HOUR);
    const [x] = s.control.seedPublished("twitter", "alice", [{ text: "Seeded", at }]);
    expect(x).toMatchObject({
      platform: "twitter",
      networkUserId: personOf("twitter", "alice").id,
      username: "alice",
      kind: "post",
      text: "Seeded",
      at,
    });
    expect(x?.id).toMatch(/^\d{19}$/);
    expect(x?.url).toBe(`https://x.com/alice/status/${x?.id}`);

    const page = pagesOf(personOf("facebook", "alice"))[0]?.id as string;
    const [fb] = s.control.seedPublished("facebook", "alice", [{ text: "On the Page" }]);
    expect(fb).toMatchObject({ pageId: page, kind: "post", at: new Date(clock) });
    expect(fb?.id).toMatch(new RegExp(`^${page}_\\d{16}$`));

    const me = personOf("linkedin", "alice");
    const org = organizationsOf(me)[0]?.id as string;
    const [member, company] = s.control.seedPublished("linkedin", "alice", [
      { text: "As me" },
      { text: "As the company", organizationId: org },
    ]);
    expect(member?.author).toBe(`urn:li:person:${me.id}`);
    expect(company?.author).toBe(`urn:li:organization:${org}`);
    expect(company?.id).toMatch(/^urn:li:share:\d{19}$/);

    const [pin] = s.control.seedPublished("pinterest", "alice", [{ text: "A pin" }]);
    expect(pin?.boardId).toBe(boardsOf(personOf("pinterest", "alice"))[0]?.id);
    expect(s.control.published().map((i) => i.platform)).toEqual([
      "twitter",
      "facebook",
      "linkedin",
      "linkedin",
      "pinterest",
    ]);
  });

  it("refuses a Page, board or organization the person may not post to, or one given to another network", () => {
    expect(() => s.control.seedPublished("facebook", "alice", [{ text: "x", pageId: "123" }])).toThrow(
      /no Facebook Page/,
    );
    expect(() => s.control.seedPublished("pinterest", "alice", [{ text: "x", boardId: "123" }])).toThrow(
      /no Pinterest/,
    );
    expect(() => s.control.seedPublished("linkedin", "alice", [{ text: "x", organizationId: "1" }])).toThrow(
      /does not administer/,
    );
    expect(() => s.control.seedPublished("twitter", "alice", [{ text: "x", pageId: "1" }])).toThrow(/for Facebook/);
    expect(() => s.control.seedPublished("twitter", "no one", [{ text: "x" }])).toThrow(/not a sandbox username/);
    expect(s.control.published()).toEqual([]);
  });

  it("the networks' metric reads answer for seeded posts with their figures", async () => {
    const at = new Date(clock);
    const seed = (platform: Platform, post: { organizationId?: string } = {}) =>
      s.control.seedPublished(platform, "alice", [{ text: `Seeded on ${platform}`, ...post }])[0]?.id as string;
    const ids = {
      twitter: seed("twitter"),
      facebook: seed("facebook"),
      instagram: seed("instagram"),
      linkedin: seed("linkedin", { organizationId: organizationsOf(personOf("linkedin", "alice"))[0]?.id }),
      pinterest: seed("pinterest"),
      tiktok: seed("tiktok"),
      youtube: seed("youtube"),
    };
    clock += 30 * HOUR;

    const x = await get("twitter", `api.x.com/2/tweets?ids=${ids.twitter}&tweet.fields=public_metrics`, {
      ...bearer("twitter", "tweet.read users.read"),
    });
    expect(x.json().data[0].public_metrics.impression_count).toBe(figures("twitter", ids.twitter, at).views);

    const fbToken = s.token("facebook", "alice", "pages_read_engagement,read_insights", { kind: "page" });
    const fb = await get(
      "facebook",
      `graph.facebook.com/v25.0/${ids.facebook}/insights?metric=post_media_view&access_token=${fbToken}`,
    );
    expect(fb.json().data[0].values).toEqual([{ value: figures("facebook", ids.facebook, at).views }]);

    const igToken = s.token("instagram", "alice", "instagram_business_basic,instagram_business_manage_insights");
    const ig = await get(
      "instagram",
      `graph.instagram.com/v25.0/${ids.instagram}/insights?metric=reach&access_token=${igToken}`,
    );
    expect(ig.json().data[0].values).toEqual([{ value: figures("instagram", ids.instagram, at).reach }]);

    const org = `urn:li:organization:${organizationsOf(personOf("linkedin", "alice"))[0]?.id}`;
    const li = await get(
      "linkedin",
      `api.linkedin.com/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(org)}&shares=List(${encodeURIComponent(ids.linkedin)})`,
      {
        ...bearer("linkedin", "r_organization_social rw_organization_admin"),
        "linkedin-version": "202607",
        "x-restli-protocol-version": "2.0.0",
      },
    );
    expect(li.json().elements[0].totalShareStatistics.likeCount).toBe(figures("linkedin", ids.linkedin, at).likes);

    const day = new Date(clock).toISOString().slice(0, 10);
    const pin = await get(
      "pinterest",
      `api.pinterest.com/v5/pins/${ids.pinterest}/analytics?start_date=${day}&end_date=${day}&metric_types=SAVE`,
      bearer("pinterest", "pins:read,user_accounts:read"),
    );
    expect(pin.json().all.lifetime_metrics).toEqual({ SAVE: figures("pinterest", ids.pinterest, at).saves });

    const tiktok = await s.inject({
      method: "POST",
      url: "/sandbox/tiktok/open.tiktokapis.com/v2/video/query/?fields=id,view_count",
      headers: bearer("tiktok", "video.list"),
      payload: { filters: { video_ids: [ids.tiktok] } },
    });
    expect(tiktok.json().data.videos).toEqual([
      { id: ids.tiktok, view_count: figures("tiktok", ids.tiktok, at).views },
    ]);

    const yt = await get(
      "youtube",
      `www.googleapis.com/youtube/v3/videos?part=statistics&id=${ids.youtube}`,
      bearer("youtube", "https://www.googleapis.com/auth/youtube.readonly"),
    );
    expect(yt.json().items[0].statistics.viewCount).toBe(String(figures("youtube", ids.youtube, at).views));
  });

  it("answers with the sandbox's clock in the Date header, as a network tells its own time", async () => {
    clock = Date.parse("2024-05-06T07:08:09.500Z");
    const res = await get("twitter", "api.x.com/2/users/me", bearer("twitter", "tweet.read users.read"));
    expect(res.headers.date).toBe("Mon, 06 May 2024 07:08:09 GMT");
  });
});
