import { randomBytes } from "node:crypto";
import { ERROR_CODES, GENERIC_MESSAGES, type Platform } from "@app/shared";
import { isPlatform } from "@app/shared/rules/own-key";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { parseJsonWithDepthLimit } from "./body";
import { createCommentStore } from "./comments";
import { registerConnectedApps, registerConsent } from "./consent";
import { type NetworkDefinition, scopedKit } from "./kit";
import { type MediaFetch, UPLOAD_LIMIT } from "./media";
import { facebook } from "./networks/facebook";
import { instagram } from "./networks/instagram";
import { linkedin } from "./networks/linkedin";
import { pinterest } from "./networks/pinterest";
import { tiktok } from "./networks/tiktok";
import { twitter } from "./networks/twitter";
import { youtube } from "./networks/youtube";
import { avatarSvg, personOf, USERNAME_PATTERN } from "./people";
import { createPublishing, numericId, type PublishedItem } from "./publishing";
import { applyReview, defaultReview, type ReviewChange } from "./review";
import { type SeedPost, seedPublished } from "./seed";
import { createTokenStore } from "./tokens";

export const NETWORKS: Record<Platform, NetworkDefinition> = {
  facebook,
  instagram,
  twitter,
  linkedin,
  pinterest,
  tiktok,
  youtube,
};

export interface SandboxOptions {
  /** the clock of token lifetimes (tests move it) */
  now?: () => Date;
  /** signs the sandbox's tokens; give a stable one so connections survive a restart */
  secret?: string;
  /** origin put in front of the avatar URLs the networks hand out (default: same origin, relative) */
  assetBase?: string;
  /**
   * How the networks that pull media from a URL (Instagram, TikTok, Pinterest) fetch it; default: global
   * fetch. A host can restrict it, e.g. to its own public media URLs.
   */
  fetch?: MediaFetch;
  /**
   * How long each network API call takes, in ms (default 0): half of it passes before the network acts on
   * the call, the other half before its answer leaves. A caller that stops in the middle may thus have made
   * the post or not, as with a real network.
   */
  latencyMs?: number;
  /** how many published items `control.published()` keeps, oldest dropped first (default 10,000) */
  publishedLimit?: number;
  /**
   * The redirect URIs registered for the sandbox's app on a network (the app's own callback URLs). As on the
   * real networks, an authorize request with any other redirect_uri gets an error page, never a redirect.
   */
  redirectUris: (platform: Platform) => readonly string[];
  /** the app's review state on each network, if not the default (a fully reviewed app) */
  review?: ReviewChange;
}

export interface RecordedRequest {
  platform: Platform;
  method: string;
  /** the network's path, host first, without the query */
  path: string;
  /** the query string, without its `?` (empty when none) */
  query: string;
  authorization?: string;
  at: Date;
}

export interface FaultOptions {
  status: number;
  /** how many calls in a row fail (default 1) */
  times?: number;
  /** only calls whose path contains this */
  pathIncludes?: string;
  /** the body to answer with (default: the network's own error body for the status) */
  body?: unknown;
  headers?: Record<string, string>;
}

interface Fault extends FaultOptions {
  platform: Platform;
  remaining: number;
}

/**
 * Look-alikes of the seven networks' OAuth and account APIs, served under `/sandbox/<platform>/<host>/<path>`.
 * `control` lets tests make a network fail, throttle, expire or revoke tokens, and read what was asked of it.
 */
export function createSandbox(options: SandboxOptions) {
  const now = () => (options.now ? options.now() : new Date()).getTime();
  const tokens = createTokenStore(options.secret ?? randomBytes(32).toString("hex"), now);
  const requests: RecordedRequest[] = [];
  let faults: Fault[] = [];
  const publishing = createPublishing(options.publishedLimit);
  const comments = createCommentStore();
  let latencyMs = options.latencyMs ?? 0;
  const fetcher: MediaFetch = options.fetch ?? ((url, init) => fetch(url, { ...init, redirect: "follow" }));
  const review = defaultReview();
  if (options.review) applyReview(review, options.review);

  /** Records an API call and answers it with a pending fault if one applies; true when it did. */
  function guard(platform: Platform, request: FastifyRequest, reply: FastifyReply): boolean {
    const url = new URL(request.url, "http://sandbox");
    const path = url.pathname.replace(`/sandbox/${platform}/`, "");
    requests.push({
      platform,
      method: request.method,
      path,
      query: url.search.slice(1),
      authorization: request.headers.authorization,
      at: new Date(now()),
    });
    if (requests.length > 5_000) requests.splice(0, requests.length - 5_000);
    // The network's clock, as real networks tell theirs: a moved clock (tests) moves it too.
    void reply.header("date", new Date(now()).toUTCString());
    const fault = faults.find((f) => f.platform === platform && (!f.pathIncludes || path.includes(f.pathIncludes)));
    if (!fault) return false;
    fault.remaining -= 1;
    if (fault.remaining <= 0) faults = faults.filter((f) => f !== fault);
    const def = NETWORKS[platform];
    reply.status(fault.status).headers(fault.headers ?? {});
    void reply.send(fault.body ?? def.errorBody(fault.status));
    return true;
  }

  async function plugin(app: FastifyInstance) {
    parseJsonWithDepthLimit(app);
    if (!app.hasContentTypeParser("application/x-www-form-urlencoded")) await app.register(formbody);
    // Uploads: multipart files are hashed as they stream; any other body (PUT of bytes) is handed over as
    // its stream, which the upload route reads within UPLOAD_LIMIT. Both only inside the sandbox's scope.
    if (!app.hasContentTypeParser("multipart/form-data")) {
      await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 4, fields: 30 } });
    }
    app.addContentTypeParser("*", (request, payload, done) => {
      if (request.method === "PUT") return done(null, payload);
      const error = Object.assign(new Error(`Unsupported Media Type: ${request.headers["content-type"] ?? ""}`), {
        statusCode: 415,
      });
      done(error, undefined);
    });
    app.get<{ Params: { platform: string; name: string } }>(
      "/_assets/avatar/:platform/:name",
      async (request, reply) => {
        const { platform } = request.params;
        const username = request.params.name.replace(/\.svg$/, "");
        // The network comes from the path: `__proto__` or `constructor` is no network.
        if (!isPlatform(platform) || !USERNAME_PATTERN.test(username)) {
          return reply.status(404).send({ error: { code: ERROR_CODES.notFound, message: GENERIC_MESSAGES.notFound } });
        }
        const person = personOf(platform, username);
        return reply
          .type("image/svg+xml")
          .header("cache-control", "public, max-age=86400")
          .send(avatarSvg(person.name, person.seed));
      },
    );
    for (const def of Object.values(NETWORKS)) {
      registerConsent(app, def, tokens, { redirectUris: options.redirectUris, review: () => review });
      registerConnectedApps(app, def, tokens);
      def.routes(
        scopedKit(def, {
          app,
          tokens,
          now,
          assetBase: options.assetBase ?? "",
          guard,
          publishing,
          comments,
          fetch: fetcher,
          latencyMs: () => latencyMs,
          review: () => review,
        }),
      );
    }
  }

  const control = {
    /** The next call(s) to the network answer with this status and the network's error body. */
    failNext(platform: Platform, f: FaultOptions) {
      faults.push({ ...f, platform, remaining: f.times ?? 1 });
    },
    /** The next call(s) answer 429 Too Many Requests with Retry-After. */
    throttleNext(platform: Platform, t: { retryAfterSeconds?: number; times?: number; pathIncludes?: string } = {}) {
      const retryAfter = t.retryAfterSeconds ?? 1;
      const def = NETWORKS[platform];
      faults.push({
        platform,
        status: 429,
        remaining: t.times ?? 1,
        pathIncludes: t.pathIncludes,
        headers: { "retry-after": String(retryAfter), ...def.throttleHeaders?.(retryAfter, now()) },
      });
    },
    /** Every access token handed out so far on this network (for one person, if given) is expired now. */
    expireAccessTokens(platform: Platform, networkUserId?: string) {
      tokens.expireAccess(platform, networkUserId);
    },
    /** The person withdrew the app's access: every token of their grants stops working. */
    revoke(platform: Platform, networkUserId?: string) {
      tokens.revoke(platform, networkUserId);
    },
    /** The app's review state changes on some networks (its tier, audit or products), e.g. `{ tiktok: { audited: false } }`. */
    setReview(change: ReviewChange) {
      applyReview(review, change);
    },
    /** From now on each network API call takes this long (see SandboxOptions.latencyMs). */
    setLatency(ms: number) {
      latencyMs = ms;
    },
    get requests(): readonly RecordedRequest[] {
      return requests;
    },
    /**
     * The same person posts `count` more items like the published item `likeId` (same account, Page, board or
     * author) from elsewhere, e.g. the network's own app: they come after it in the network's lists.
     */
    postedElsewhere(platform: Platform, likeId: string, count: number) {
      const like = publishing.find(platform, likeId);
      if (!like) throw new Error(`no ${platform} item ${likeId}`);
      for (let i = 1; i <= count; i++) {
        const text = `Posted elsewhere ${i}`;
        publishing.add({
          ...like,
          id: `${like.id}${i}`,
          text,
          ...(like.title && { title: text }),
          at: new Date(now()),
        });
      }
    },
    /**
     * Registers posts as published on a network by the person who signs in as `username`, without the
     * publishing calls (e.g. a bench's thousands of posts): their reads and results answer as for any
     * published item. Returns the items, with the network's ids, in the order given.
     */
    seedPublished(platform: Platform, username: string, posts: readonly SeedPost[]): PublishedItem[] {
      return seedPublished(publishing, now(), platform, username, posts);
    },
    /**
     * Someone of the audience (`username` on that network) comments now on the published item `itemId`, or
     * answers one of its comments (`parentKey`, a SandboxComment key): "a comment arrives" in tests.
     */
    comment(platform: Platform, itemId: string, c: { username: string; text: string; parentKey?: string }) {
      const item = publishing.find(platform, itemId);
      if (!item) throw new Error(`no ${platform} item ${itemId}`);
      return comments.write(item, {
        author: personOf(platform, c.username),
        own: false,
        text: c.text,
        parentKey: c.parentKey ?? null,
        at: new Date(now()),
      });
    },
    /**
     * Someone (`username` on X) posts now naming the X account `of` (its sandbox username): "a mention arrives".
     * The post starts with @`of` unless `text` names it already. Returns it as published.
     */
    mention(of: string, c: { username: string; text: string }): PublishedItem {
      const author = personOf("twitter", c.username);
      const id = numericId(19);
      const text = new RegExp(`@${of}\\b`, "i").test(c.text) ? c.text : `@${of} ${c.text}`;
      return publishing.add({
        platform: "twitter",
        id,
        url: `https://x.com/${author.username}/status/${id}`,
        networkUserId: author.id,
        username: author.username,
        kind: "post",
        text,
        media: [],
        raw: { mention: of },
        at: new Date(now()),
      });
    },
    /** Every comment on the published item `itemId` now, oldest first (the audience's and the account's). */
    comments(platform: Platform, itemId: string) {
      const item = publishing.find(platform, itemId);
      if (!item) throw new Error(`no ${platform} item ${itemId}`);
      return comments.list(item, new Date(now()));
    },
    /** What the networks published (on one network, if given), oldest first. */
    published(platform?: Platform): PublishedItem[] {
      return publishing.list(platform);
    },
    reset() {
      publishing.reset();
      comments.reset();
      requests.length = 0;
      faults = [];
      tokens.reset();
      applyReview(review, defaultReview());
      if (options.review) applyReview(review, options.review);
    },
  };

  return { plugin, control };
}

export type Sandbox = ReturnType<typeof createSandbox>;
export type SandboxControl = Sandbox["control"];
