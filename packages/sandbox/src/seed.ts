import type { Platform } from "@app/shared";
import { pagesOf } from "./networks/facebook-pages";
import { administers } from "./networks/linkedin-organizations";
import { boardsOf } from "./networks/pinterest";
import { personOf, USERNAME_PATTERN } from "./people";
import { alnumId, base64Id, numericId, type PublishedItem, type Publishing } from "./publishing";

/** A post a test or bench registers as published, without going through the network's publishing calls. */
export interface SeedPost {
  text: string;
  /** when it went out (default: the sandbox's now) */
  at?: Date;
  /** Facebook: the Page it went to (default: the person's first Page) */
  pageId?: string;
  /** LinkedIn: the organization it went out as, which the person administers (default: the person themself) */
  organizationId?: string;
  /** Pinterest: the board it was saved to (default: the person's first board) */
  boardId?: string;
}

/** The network's id and address of a new item, and what kind of item a plain post is there. */
function identity(platform: Platform, username: string, where: { pageId?: string; author?: string }) {
  switch (platform) {
    case "twitter": {
      const id = numericId(19);
      return { id, url: `https://x.com/${username}/status/${id}`, kind: "post" as const };
    }
    case "facebook": {
      const post = numericId(16);
      return {
        id: `${where.pageId}_${post}`,
        url: `https://www.facebook.com/${where.pageId}/posts/${post}/`,
        kind: "post" as const,
      };
    }
    case "instagram": {
      const shortcode = alnumId(11);
      return { id: numericId(17), url: `https://www.instagram.com/p/${shortcode}/`, kind: "photo" as const, shortcode };
    }
    case "linkedin": {
      const id = `urn:li:share:${numericId(19)}`;
      return { id, url: `https://www.linkedin.com/feed/update/${id}/`, kind: "post" as const, visibility: "PUBLIC" };
    }
    case "pinterest": {
      const id = numericId(18);
      return { id, url: `https://www.pinterest.com/pin/${id}/`, kind: "pin" as const };
    }
    case "tiktok": {
      const id = numericId(19);
      return {
        id,
        url: `https://www.tiktok.com/@${username}/video/${id}`,
        kind: "video" as const,
        visibility: "PUBLIC_TO_EVERYONE",
      };
    }
    case "youtube": {
      const id = base64Id(11);
      return { id, url: `https://www.youtube.com/watch?v=${id}`, kind: "video" as const, visibility: "public" };
    }
  }
}

/**
 * Registers `posts` as published on `platform` by the person who signs in there as `username`, as the network's
 * own publishing would leave them (its ids and addresses, the person's Page, board or organization, no media), so
 * the network's reads (lookups, results) answer for them. Throws on a Page, board or organization the person
 * may not post to, or one given to a network that has none.
 */
export function seedPublished(
  publishing: Publishing,
  now: number,
  platform: Platform,
  username: string,
  posts: readonly SeedPost[],
): PublishedItem[] {
  if (!USERNAME_PATTERN.test(username)) throw new Error(`not a sandbox username: "${username}"`);
  const person = personOf(platform, username);
  const shortcodes = publishing.pending<string>("instagram", "shortcodes");
  return posts.map((post) => {
    const { pageId, organizationId, boardId } = post;
    if (pageId !== undefined && platform !== "facebook") throw new Error("pageId is for Facebook posts");
    if (organizationId !== undefined && platform !== "linkedin")
      throw new Error("organizationId is for LinkedIn posts");
    if (boardId !== undefined && platform !== "pinterest") throw new Error("boardId is for Pinterest posts");
    const page = platform === "facebook" ? (pageId ?? pagesOf(person)[0]?.id) : undefined;
    if (platform === "facebook" && !pagesOf(person).some((p) => p.id === page))
      throw new Error(`${username} has no Facebook Page ${page}`);
    if (organizationId !== undefined && !administers(person, organizationId))
      throw new Error(`${username} does not administer the LinkedIn organization ${organizationId}`);
    const board = platform === "pinterest" ? (boardId ?? boardsOf(person)[0]?.id) : undefined;
    if (platform === "pinterest" && !boardsOf(person).some((b) => b.id === board))
      throw new Error(`${username} has no Pinterest board ${board}`);
    const author =
      platform !== "linkedin"
        ? undefined
        : organizationId !== undefined
          ? `urn:li:organization:${organizationId}`
          : `urn:li:person:${person.id}`;
    const { shortcode, ...made } = { shortcode: undefined, ...identity(platform, username, { pageId: page }) };
    if (shortcode) shortcodes.set(made.id, shortcode);
    return publishing.add({
      platform,
      ...made,
      networkUserId: person.id,
      username: person.username,
      text: post.text,
      ...(platform === "youtube" && { title: post.text.slice(0, 100) }),
      ...(platform === "pinterest" && { title: post.text.slice(0, 100) }),
      media: [],
      ...(page && { pageId: page }),
      ...(board && { boardId: board }),
      ...(author && { author }),
      raw: { seeded: true },
      at: post.at ?? new Date(now),
    });
  });
}
