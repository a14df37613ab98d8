import { describe, expect, test } from "vitest";
import { composePostText, splitThread, textBudget, twitterLength } from "./post-text";
import { checkPost, type PostCheckInput } from "./post-validation";
import { contentFor, versionsOf } from "./post-variants";

const NOW = new Date("2026-11-22T10:00:00Z");
const ok: PostCheckInput = {
  content: "Hello",
  hashtags: [],
  media: [],
  platforms: ["linkedin"],
  facebookPageId: null,
  scheduledDate: "2026-11-23",
  scheduledTime: "09:00",
  timezone: "Europe/Paris",
  options: {},
};
const problem = (input: Partial<PostCheckInput>, intent: "draft" | "scheduled" = "scheduled") =>
  checkPost({ ...ok, ...input }, intent, NOW);

describe("scheduling", () => {
  test("a complete post passes", () => expect(problem({})).toBeNull());

  test("content or hashtags are required", () => {
    expect(problem({ content: "   " })).toMatchObject({
      title: "Content Required",
      message: "Please enter some content for your post.",
    });
    expect(problem({ content: "", hashtags: ["launch"] })).toBeNull();
  });

  test("at least one platform", () => {
    expect(problem({ platforms: [] })).toMatchObject({
      title: "No Platforms Selected",
      message: "Please select at least one platform to schedule to.",
    });
  });

  test("both date and time", () => {
    const expected = { title: "Schedule Time Required", message: "Please select both date and time for scheduling." };
    expect(problem({ scheduledDate: "" })).toMatchObject(expected);
    expect(problem({ scheduledTime: "" })).toMatchObject(expected);
  });

  test("Facebook needs a page", () => {
    expect(problem({ platforms: ["facebook"] })).toMatchObject({
      title: "Facebook Page Required",
      message: "Please select a Facebook page to post to.",
    });
    expect(problem({ platforms: ["facebook"], facebookPageId: "123" })).toBeNull();
  });

  test("LinkedIn as a company page needs the page", () => {
    const company = { linkedin: { postAs: "company" as const } };
    expect(problem({ options: company })).toMatchObject({
      code: "COMPANY_PAGE_REQUIRED",
      title: "Company Page Required",
      message: "Please choose the LinkedIn company page to post as.",
    });
    expect(problem({ options: { linkedin: { postAs: "company", organizationId: " " } } })?.title).toBe(
      "Company Page Required",
    );
    expect(problem({ options: { linkedin: { postAs: "company", organizationId: "10234567" } } })).toBeNull();
    expect(problem({ options: { linkedin: { postAs: "personal" } } })).toBeNull();
    // Only when LinkedIn is chosen, and a draft may wait for it.
    expect(problem({ platforms: ["twitter"], options: company })).toBeNull();
    expect(problem({ options: company }, "draft")).toBeNull();
  });

  test("each network gets the media it cannot post without", () => {
    const image = { kind: "image" as const };
    const video = { kind: "video" as const };
    expect(problem({ platforms: ["pinterest"] })).toMatchObject({
      title: "Pinterest Requires an Image",
      message: "Pinterest requires an image to create a pin. Please add an image or deselect Pinterest.",
    });
    expect(problem({ platforms: ["pinterest"], media: [video] })?.title).toBe("Pinterest Requires an Image");
    expect(problem({ platforms: ["pinterest"], media: [image] })).toBeNull();
    expect(
      problem({ platforms: ["pinterest"], options: { pinterest: { imageUrl: "https://x.test/a.jpg" } } }),
    ).toBeNull();
    expect(problem({ platforms: ["tiktok"], media: [image] })?.message).toBe(
      "TikTok needs a video file. Please add a video or deselect TikTok.",
    );
    expect(problem({ platforms: ["tiktok"], media: [video] })).toBeNull();
    expect(problem({ platforms: ["youtube"] })?.title).toBe("YouTube Requires a Video");
    expect(problem({ platforms: ["instagram"] })?.title).toBe("Instagram Requires Media");
    expect(problem({ platforms: ["instagram"], media: [video] })).toBeNull();
    // Kinds not known yet: left to the server, which knows them.
    expect(problem({ platforms: ["tiktok"], media: [{}] })).toBeNull();
    // A draft may wait for its media.
    expect(problem({ platforms: ["tiktok"] }, "draft")).toBeNull();
  });

  test("a post to Facebook alone may be only a link or a picture", () => {
    const facebook = { platforms: ["facebook"] as const, facebookPageId: "p1", content: "" };
    expect(problem({ ...facebook, platforms: ["facebook"] })?.title).toBe("Content Required");
    expect(
      problem({ ...facebook, platforms: ["facebook"], options: { facebook: { link: "https://x.test" } } }),
    ).toBeNull();
    expect(
      problem({ ...facebook, platforms: ["facebook", "linkedin"], options: { facebook: { link: "https://x.test" } } })
        ?.title,
    ).toBe("Content Required");
  });

  test("a pin to Pinterest alone needs a title, not a description", () => {
    const pin = {
      platforms: ["pinterest"] as const,
      content: "",
      options: { pinterest: { imageUrl: "https://x.test/a.png" } },
    };
    expect(problem({ ...pin, platforms: ["pinterest"] })?.title).toBe("Content Required");
    const titled = { pinterest: { imageUrl: "https://x.test/a.png", title: "Shade plants" } };
    expect(problem({ ...pin, platforms: ["pinterest"], options: titled })).toBeNull();
    expect(problem({ ...pin, platforms: ["pinterest", "linkedin"], options: titled })?.title).toBe("Content Required");
  });

  test("the rules are checked in the spec's order", () => {
    expect(problem({ content: "", platforms: [], scheduledDate: "" })?.title).toBe("Content Required");
    expect(problem({ platforms: [], scheduledDate: "" })?.title).toBe("No Platforms Selected");
  });

  test("not in the past (a minute of grace), in the post's own zone", () => {
    expect(problem({ scheduledDate: "2026-11-21" })).toMatchObject({ title: "Schedule Time Passed" });
    // 10:00 UTC is 11:00 in Paris: 10:59 there has passed, 11:00 has not.
    expect(problem({ scheduledDate: "2026-11-22", scheduledTime: "10:58" })?.title).toBe("Schedule Time Passed");
    expect(problem({ scheduledDate: "2026-11-22", scheduledTime: "11:00" })).toBeNull();
    expect(problem({ scheduledDate: "2026-11-22", scheduledTime: "11:00", timezone: "Asia/Tokyo" })?.title).toBe(
      "Schedule Time Passed",
    );
  });

  test("at most 10 media", () => {
    expect(problem({ media: Array.from({ length: 11 }, () => ({ kind: "image" as const })) })).toMatchObject({
      title: "Too Many Files",
    });
    expect(problem({ media: Array.from({ length: 10 }, () => ({ kind: "image" as const })) })).toBeNull();
  });

  test("the tightest network's limit applies to content plus hashtags", () => {
    expect(problem({ content: "a".repeat(3000), platforms: ["linkedin"] })).toBeNull();
    expect(problem({ content: "a".repeat(3001), platforms: ["linkedin"] })).toMatchObject({
      title: "Content Too Long",
      message: "LinkedIn allows at most 3000 characters in a post.",
    });
    expect(problem({ content: "a".repeat(274), hashtags: ["abc"], platforms: ["twitter", "linkedin"] })).toBeNull();
    expect(problem({ content: "a".repeat(275), hashtags: ["abc"], platforms: ["twitter", "linkedin"] })).toMatchObject({
      message: "Tweet exceeds 280 character limit",
    });
    // A thread has room for more.
    expect(
      problem({ content: "a".repeat(900), platforms: ["twitter"], options: { twitter: { thread: true } } }),
    ).toBeNull();
  });
});

describe("drafts", () => {
  test("need some content, a hashtag or a file, and nothing else", () => {
    expect(problem({ content: "", hashtags: [], media: [] }, "draft")).toMatchObject({
      title: "Nothing to Save",
      message: "Please add some content before saving as draft.",
    });
    expect(problem({ content: "", media: [{}] }, "draft")).toBeNull();
    expect(problem({ platforms: [], scheduledDate: "2020-01-01" }, "draft")).toBeNull();
  });
});

describe("text", () => {
  test("content then hashtags, each with its #", () => {
    expect(composePostText(" Launch day ", ["news", "ai"])).toBe("Launch day\n\n#news #ai");
    expect(composePostText("", ["news"])).toBe("#news");
  });

  test("X counts URLs as 23 and emoji or CJK as 2", () => {
    expect(twitterLength("hello")).toBe(5);
    expect(twitterLength("see https://example.com/a/very/long/path?x=1")).toBe(4 + 23);
    expect(twitterLength("🎉")).toBe(2);
    expect(twitterLength("日本")).toBe(4);
    expect(twitterLength("e\u0301")).toBe(1);
  });

  test("the counter shows the tightest chosen network, else the spec's 2200", () => {
    expect(textBudget("abc", [])).toEqual({ platform: null, limit: 2200, length: 3, remaining: 2197 });
    expect(textBudget("abc", ["facebook", "twitter"]).limit).toBe(280);
    expect(textBudget("abc", ["facebook", "twitter"], { twitterThread: true }).limit).toBe(63206);
  });
});

describe("X threads", () => {
  test("a text within 280 stays one post; a longer one is cut between words, each part numbered and within 280", () => {
    expect(splitThread("Short and sweet")).toEqual(["Short and sweet"]);
    const long = Array.from({ length: 120 }, (_, i) => `word${i}`).join(" ");
    const parts = splitThread(long);
    expect(parts.length).toBeGreaterThan(2);
    parts.forEach((p, i) => {
      expect(twitterLength(p)).toBeLessThanOrEqual(280);
      expect(p.endsWith(` (${i + 1}/${parts.length})`)).toBe(true);
    });
    expect(parts.map((p) => p.replace(/ \(\d+\/\d+\)$/, "")).join(" ")).toBe(long);
    // Emoji count double: the cut respects the weighted count.
    const rockets = splitThread("🚀".repeat(300));
    for (const p of rockets) expect(twitterLength(p)).toBeLessThanOrEqual(280);
    expect(rockets.map((p) => p.replace(/ \(\d+\/\d+\)$/, "")).join("")).toBe("🚀".repeat(300));
  });
});

describe("Instagram's limits", () => {
  const photo = { kind: "image" as const, mimeType: "image/jpeg", size: 200_000, width: 1080, height: 1080 };
  const clip = (durationSeconds: number) => ({ kind: "video" as const, mimeType: "video/mp4", durationSeconds });
  const insta = (input: Partial<PostCheckInput>, intent: "draft" | "scheduled" = "scheduled") =>
    problem({ platforms: ["instagram"], media: [photo], ...input }, intent);

  test("at most 5 hashtags, counted in the text and the hashtag list, for Instagram only and on drafts too", () => {
    expect(insta({ content: "Bread #a #b", hashtags: ["c", "d", "e"] })).toBeNull();
    const six = insta({ content: "Bread #a #b #c", hashtags: ["d", "e", "f"] });
    expect(six).toMatchObject({ code: "INSTAGRAM_TOO_MANY_HASHTAGS", title: "Not Accepted by Instagram" });
    expect(six?.message).toBe(
      "Instagram allows at most 5 hashtags in a post, and this one has 6. Remove some hashtags, or deselect Instagram.",
    );
    expect(insta({ hashtags: ["a", "b", "c", "d", "e", "f"] }, "draft")?.code).toBe("INSTAGRAM_TOO_MANY_HASHTAGS");
    // Not hashtags: a "#" inside a word or a link's fragment, or a lone "#".
    expect(insta({ content: "C# and F# at https://x.test/a#b # #1 #2 #3 #4 #5" })).toBeNull();
    // Other networks keep their own rules.
    expect(problem({ platforms: ["linkedin"], hashtags: ["a", "b", "c", "d", "e", "f"] })).toBeNull();
    expect(
      problem({ platforms: ["linkedin", "instagram"], media: [photo], hashtags: ["a", "b", "c", "d", "e", "f"] })?.code,
    ).toBe("INSTAGRAM_TOO_MANY_HASHTAGS");
  });

  test("at most 20 @mentions; an e-mail address is no mention", () => {
    const mentions = (n: number) => Array.from({ length: n }, (_, i) => `@friend${i}`).join(" ");
    expect(insta({ content: `${mentions(20)} mail me at a@b.test` })).toBeNull();
    expect(insta({ content: mentions(21) })).toMatchObject({
      code: "INSTAGRAM_TOO_MANY_MENTIONS",
      message: expect.stringContaining("at most 20 @mentions"),
    });
  });

  test("feed images: JPEG, at most 8 MB, 4:5 to 1.91:1; a story may be any shape", () => {
    expect(insta({ media: [{ ...photo, mimeType: "image/png" }] })).toMatchObject({
      code: "INSTAGRAM_JPEG_ONLY",
      message: expect.stringContaining("PNG"),
    });
    expect(insta({ media: [{ ...photo, size: 8 * 1024 * 1024 + 1 }] })?.code).toBe("INSTAGRAM_IMAGE_TOO_LARGE");
    expect(insta({ media: [{ ...photo, width: 1080, height: 1350 }] })).toBeNull();
    expect(insta({ media: [{ ...photo, width: 1080, height: 566 }] })).toBeNull();
    expect(insta({ media: [{ ...photo, width: 1080, height: 1920 }] })).toMatchObject({
      code: "INSTAGRAM_ASPECT_RATIO",
      message: expect.stringContaining("0.56:1"),
    });
    expect(
      insta({ media: [{ ...photo, width: 1080, height: 1920 }], options: { instagram: { format: "story" } } }),
    ).toBeNull();
    // What is not known yet (the library still loading) is left to the server.
    expect(insta({ media: [{ kind: "image" }] })).toBeNull();
    // Only when Instagram is chosen.
    expect(problem({ platforms: ["pinterest"], media: [{ ...photo, mimeType: "image/png" }] })).toBeNull();
  });

  test("reels last 3 s to 15 min, story videos at most 60 s; a story takes one file, a reel one video", () => {
    expect(insta({ media: [clip(2)] })).toMatchObject({
      code: "INSTAGRAM_REEL_LENGTH",
      message: expect.stringContaining("lasts 2 seconds"),
    });
    expect(insta({ media: [clip(901)], options: { instagram: { format: "reel" } } })?.code).toBe(
      "INSTAGRAM_REEL_LENGTH",
    );
    expect(insta({ media: [clip(3)] })).toBeNull();
    expect(insta({ media: [clip(61)], options: { instagram: { format: "story" } } })?.code).toBe(
      "INSTAGRAM_STORY_LENGTH",
    );
    expect(insta({ media: [clip(20)], options: { instagram: { format: "story" } } })).toBeNull();
    expect(insta({ media: [photo, photo], options: { instagram: { format: "story" } } })?.code).toBe(
      "INSTAGRAM_STORY_ONE",
    );
    expect(insta({ media: [photo], options: { instagram: { format: "reel" } } })?.code).toBe("INSTAGRAM_REEL_ONE");
    expect(insta({ media: [photo, clip(10)] })).toBeNull();
  });
});

describe("text per network (variants)", () => {
  const own = (content: string, more: Partial<{ hashtags: string[]; media: PostCheckInput["media"] }> = {}) => ({
    content,
    hashtags: more.hashtags ?? [],
    media: more.media ?? [],
  });
  const image = { kind: "image" as const };
  const video = { kind: "video" as const };

  test("what each network receives: its variant, else the common content", () => {
    const post = {
      content: "Common",
      hashtags: ["a"],
      media: ["m1"],
      variants: { twitter: { content: "Short", hashtags: [], media: [] as string[] } },
    };
    expect(contentFor(post, "twitter")).toEqual({ content: "Short", hashtags: [], media: [] });
    expect(contentFor(post, "linkedin")).toEqual({ content: "Common", hashtags: ["a"], media: ["m1"] });
    expect(versionsOf(post, ["twitter", "linkedin", "facebook"]).map((v) => [v.network, v.platforms])).toEqual([
      [null, ["facebook", "linkedin"]],
      ["twitter", ["twitter"]],
    ]);
  });

  test("each network's limit applies to its own text, with the same message as without variants", () => {
    const long = "a".repeat(400);
    // The common text is too long for X, but X has its own short text.
    expect(
      problem({ content: long, platforms: ["twitter", "linkedin"], variants: { twitter: own("Short") } }),
    ).toBeNull();
    expect(problem({ content: long, platforms: ["twitter", "linkedin"] })?.message).toBe(
      "Tweet exceeds 280 character limit",
    );
    // X's own text too long: the spec's message, naming X as the network at fault.
    expect(problem({ content: "Short", platforms: ["twitter", "linkedin"], variants: { twitter: own(long) } })).toEqual(
      {
        code: "TEXT_TOO_LONG",
        title: "Content Too Long",
        message: "Tweet exceeds 280 character limit",
        platform: "twitter",
      },
    );
    // LinkedIn's own hashtags count towards LinkedIn's limit.
    expect(
      problem({
        platforms: ["linkedin"],
        variants: { linkedin: own("b".repeat(2995), { hashtags: ["abcd"] }) },
      })?.message,
    ).toBe("LinkedIn allows at most 3000 characters in a post.");
  });

  test("a network's own text must not be empty when scheduling; the common one may be when every network has its own", () => {
    expect(problem({ content: "Hi", platforms: ["twitter", "linkedin"], variants: { twitter: own("  ") } })).toEqual({
      code: "CONTENT_REQUIRED",
      title: "Content Required",
      message: "Please enter some content for your post.",
      platform: "twitter",
    });
    expect(problem({ content: "", platforms: ["twitter"], variants: { twitter: own("Mine") } })).toBeNull();
    expect(
      problem({ content: "", platforms: ["twitter", "linkedin"], variants: { twitter: own("Mine") } }),
    ).toMatchObject({ code: "CONTENT_REQUIRED" });
    expect(
      problem({ content: "", platforms: ["twitter"], variants: { twitter: own("", { hashtags: ["x"] }) } }),
    ).toBeNull();
  });

  test("each network's media rules apply to its own media", () => {
    // The common post has an image; YouTube's own version has the video it needs.
    const input = { platforms: ["linkedin", "youtube"] as const, media: [image] };
    expect(problem({ ...input, platforms: ["linkedin", "youtube"] })?.title).toBe("YouTube Requires a Video");
    expect(
      problem({
        ...input,
        platforms: ["linkedin", "youtube"],
        variants: { youtube: own("Watch", { media: [video] }) },
      }),
    ).toBeNull();
    // Pinterest's own version without an image: Pinterest's message, naming Pinterest.
    expect(
      problem({ ...input, platforms: ["linkedin", "pinterest"], variants: { pinterest: own("Pin", { media: [] }) } }),
    ).toMatchObject({ code: "PINTEREST_IMAGE_REQUIRED", platform: "pinterest" });
    // At most 10 files in a version.
    const eleven = Array.from({ length: 11 }, () => image);
    expect(problem({ variants: { linkedin: own("Many", { media: eleven }) } })).toMatchObject({
      code: "TOO_MANY_FILES",
      platform: "linkedin",
    });
  });

  test("Instagram's hashtag cap applies to Instagram's own text only", () => {
    const photo = { kind: "image" as const, mimeType: "image/jpeg", size: 1000, width: 1080, height: 1080 };
    const six = ["a", "b", "c", "d", "e", "f"];
    expect(
      problem({
        platforms: ["linkedin", "instagram"],
        media: [photo],
        hashtags: six,
        variants: { instagram: own("Bread", { media: [photo] }) },
      }),
    ).toBeNull();
    expect(
      problem({
        platforms: ["linkedin", "instagram"],
        media: [photo],
        variants: { instagram: own("B", { hashtags: six, media: [photo] }) },
      }),
    ).toMatchObject({ code: "INSTAGRAM_TOO_MANY_HASHTAGS", platform: "instagram" });
  });

  test("a variant for a network none of the chosen accounts is on is refused, drafts included", () => {
    const stray = { platforms: ["linkedin"] as const, variants: { twitter: own("Hi X") } };
    const expected = {
      code: "VARIANT_NOT_CHOSEN",
      title: "Network Not Chosen",
      message:
        "X (Twitter) has its own text, but none of the chosen accounts is on X (Twitter). Choose an account on X (Twitter), or remove X (Twitter)'s own text.",
      platform: "twitter",
    };
    expect(problem({ ...stray, platforms: ["linkedin"] })).toEqual(expected);
    expect(problem({ ...stray, platforms: ["linkedin"] }, "draft")).toEqual(expected);
    // A draft holding only a variant is something to save (and refused for its network).
    expect(problem({ content: "", platforms: [], variants: { twitter: own("Hi X") } }, "draft")?.code).toBe(
      "VARIANT_NOT_CHOSEN",
    );
  });

  test("campaign links are counted tagged in each network's own text", () => {
    const link = `${"a".repeat(2940)} https://shop.test/sale`;
    expect(problem({ platforms: ["linkedin"], variants: { linkedin: own(link) } })).toBeNull();
    expect(
      problem({ platforms: ["linkedin"], variants: { linkedin: own(link) }, utmCampaign: "spring-sale" }),
    ).toMatchObject({ code: "TEXT_TOO_LONG", platform: "linkedin" });
  });
});

describe("the first comment", () => {
  test("checked against the comment limit of each chosen network that takes one, on drafts too", () => {
    expect(problem({ platforms: ["linkedin"], firstComment: "a".repeat(1250) })).toBeNull();
    expect(problem({ platforms: ["linkedin"], firstComment: "a".repeat(1251) })).toEqual({
      code: "FIRST_COMMENT_TOO_LONG",
      title: "First Comment Too Long",
      message: "LinkedIn allows at most 1250 characters in a comment: shorten the first comment.",
      platform: "linkedin",
    });
    expect(problem({ platforms: ["linkedin"], firstComment: "a".repeat(1251) }, "draft")?.code).toBe(
      "FIRST_COMMENT_TOO_LONG",
    );
    // X counts its weighted length: 141 emoji are 282.
    expect(problem({ platforms: ["twitter"], firstComment: "🎉".repeat(140) })).toBeNull();
    expect(problem({ platforms: ["twitter"], firstComment: "🎉".repeat(141) })?.message).toBe(
      "X (Twitter) allows at most 280 characters in a comment: shorten the first comment.",
    );
  });

  test("not checked where it is not posted (TikTok, Pinterest), nor when empty", () => {
    const video = { kind: "video" as const };
    expect(problem({ platforms: ["tiktok"], media: [video], firstComment: "a".repeat(5000) })).toBeNull();
    expect(problem({ firstComment: "" })).toBeNull();
  });

  test("its links counted as the campaign tags them", () => {
    const comment = `${"a".repeat(1220)} https://shop.test`;
    expect(problem({ platforms: ["linkedin"], firstComment: comment })).toBeNull();
    expect(problem({ platforms: ["linkedin"], firstComment: comment, utmCampaign: "spring" })?.code).toBe(
      "FIRST_COMMENT_TOO_LONG",
    );
  });
});
