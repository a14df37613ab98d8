import { type ErrorReader, NetworkError, networkCall, networkSend, refuse } from "../http";
import { CLOCK_SLACK_MS } from "../lookup";
import {
  type CommentsReading,
  type CommentsRequest,
  type FirstCommentRequest,
  type InboxAccount,
  InboxUnavailable,
  type NetworkComment,
  type NetworkContext,
  type ReplyOutcome,
  type ReplyRequest,
  replyToPost,
} from "../platform";

/**
 * LinkedIn's comments for the inbox (issue 21), through its Comments API: the first-level comments on a company
 * page's posts (`/rest/socialActions/{post}/comments`) and the replies under each (`/rest/socialActions/{comment}/
 * comments`), read with r_organization_social by the page's administrators; answers go out as the page
 * (w_organization_social). A member's own posts are not read: LinkedIn gives their comments only with
 * r_member_social, which it grants no app. LinkedIn names a comment's author by URN only: a member's name is not
 * given to apps, so members are shown as UNNAMED_MEMBER.
 */

const READ_SCOPES = ["r_organization_social", "r_organization_social_feed"];
const LINKEDIN_TIER =
  "LinkedIn gives the comments on Company Page posts only to apps approved for its Community Management API: set LINKEDIN_ORGANIZATIONS=1 once the app is approved, then reconnect LinkedIn.";
const LINKEDIN_READ_PERMISSION =
  "LinkedIn did not give this account the permission to read its Company Pages' comments (r_organization_social): reconnect LinkedIn and allow it.";
const MEMBER_POSTS = "LinkedIn lets apps answer comments only on Company Page posts.";
/** A first comment goes out as the post's author: the member (w_member_social) or the company page. */
const MEMBER_WRITE = "w_member_social";
const ORGANIZATION_WRITE = "w_organization_social";
const LINKEDIN_COMMENT_PERMISSION = (scope: string) =>
  `LinkedIn did not give this account the permission to comment ${scope === MEMBER_WRITE ? "as you" : "as your Company Page"} (${scope}): reconnect LinkedIn and allow it.`;
/** The name of a member who wrote a comment: LinkedIn gives apps their URN only. */
const UNNAMED_MEMBER = "LinkedIn member";
const PAGE = 100;
/** Pages of a post's comments (and of one comment's replies) read at most. */
const MAX_PAGES = 10;
const POST_URN = /^urn:li:(share|ugcPost):\d{1,25}$/;
const ORGANIZATION_URN = /^urn:li:organization:(\d{1,20})$/;

interface Element {
  commentUrn?: string;
  $URN?: string;
  id?: string;
  actor?: string;
  object?: string;
  message?: { text?: string };
  created?: { time?: number };
  parentComment?: string;
  commentsSummary?: { totalFirstLevelComments?: number; aggregatedTotalComments?: number };
}

/** The organization a post went out as, from its page id or URN; null for a member's own post. */
export function organizationUrnOf(pageId: string | null): string | null {
  if (!pageId) return null;
  if (/^\d{1,20}$/.test(pageId)) return `urn:li:organization:${pageId}`;
  return ORGANIZATION_URN.test(pageId) ? pageId : null;
}

const urnOf = (e: Element) => e.commentUrn ?? e.$URN;

/** Who a post's own comment is written as: its company page, else the member; and the scope that needs. */
function authorOf(account: InboxAccount): { actor: string; scope: string } {
  const organization = organizationUrnOf(account.pageId);
  return organization
    ? { actor: organization, scope: ORGANIZATION_WRITE }
    : { actor: `urn:li:person:${account.networkId}`, scope: MEMBER_WRITE };
}

/** Whether the token's known scopes lack one of `needed` (unknown scopes lack nothing: LinkedIn decides). */
const lacksAny = (account: InboxAccount, needed: readonly string[]) =>
  account.scopes.length > 0 && !needed.every((s) => account.scopes.includes(s));

export function linkedinComments(ctx: NetworkContext, restHeaders: Record<string, string>, readError: ErrorReader) {
  const rest = (path: string) => ctx.serverUrl(`https://api.linkedin.com/rest/${path}`);
  const headers = (account: InboxAccount) => ({ authorization: `Bearer ${account.accessToken}`, ...restHeaders });
  const commentsPath = (urn: string) => `socialActions/${encodeURIComponent(urn)}/comments`;
  const linkOf = (postUrn: string, commentUrn: string) =>
    `https://www.linkedin.com/feed/update/${postUrn}/?commentUrn=${encodeURIComponent(commentUrn)}`;

  /** Every comment under `urn` (a post's first-level comments, or a comment's replies), page after page. */
  async function listAll(account: InboxAccount, urn: string): Promise<{ elements: Element[]; all: boolean }> {
    const elements: Element[] = [];
    for (let n = 0; n < MAX_PAGES; n++) {
      const page = await networkCall<{ elements?: Element[]; paging?: { total?: number } }>(
        `${rest(commentsPath(urn))}?start=${n * PAGE}&count=${PAGE}`,
        { headers: headers(account) },
        readError,
      );
      const got = page.elements ?? [];
      elements.push(...got);
      const total = page.paging?.total;
      if (got.length < PAGE || (total !== undefined && elements.length >= total)) return { elements, all: true };
    }
    return { elements, all: false };
  }

  /** The names of the organizations among the authors (a batch lookup); members have none to give. */
  async function organizationNames(account: InboxAccount, actors: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(actors.map((a) => ORGANIZATION_URN.exec(a)?.[1]).filter((id): id is string => !!id))];
    const names = new Map<string, string>();
    if (ids.length === 0) return names;
    try {
      const batch = await networkCall<{ results?: Record<string, { localizedName?: string; vanityName?: string }> }>(
        `${rest("organizations")}?ids=List(${ids.join(",")})`,
        { headers: headers(account) },
        readError,
      );
      for (const id of ids) {
        const org = batch.results?.[id];
        const name = org?.localizedName || org?.vanityName;
        if (name) names.set(`urn:li:organization:${id}`, name);
      }
    } catch (err) {
      // Names are a nicety: only a dead token stops the read.
      if (err instanceof NetworkError && err.tokenRejected) throw err;
    }
    return names;
  }

  function commentOf(
    e: Element,
    o: { postUrn: string; organization: string; parent: string | null; names: Map<string, string> },
  ): NetworkComment | null {
    const urn = urnOf(e);
    const time = e.created?.time;
    if (!urn || !e.actor || typeof time !== "number") return null;
    return {
      networkId: urn,
      parentNetworkId: o.parent,
      networkPostId: o.postUrn,
      author: {
        networkId: e.actor,
        name: o.names.get(e.actor) ?? (e.actor.startsWith("urn:li:organization:") ? e.actor : UNNAMED_MEMBER),
        handle: null,
        avatarUrl: null,
      },
      text: e.message?.text ?? "",
      writtenAt: new Date(time),
      own: e.actor === o.organization,
      url: linkOf(o.postUrn, urn),
    };
  }

  /** Reads a comment listing; a post LinkedIn refuses (not this page's any more) or no longer has is skipped. */
  async function unlessRefused<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (err) {
      if (err instanceof NetworkError && !err.tokenRejected && (err.status === 403 || err.status === 404)) return null;
      throw err;
    }
  }

  /** A comment by `actor` under `req.parentNetworkId` (the post, or a comment of it): one call, never retried here. */
  async function comment(req: ReplyRequest, actor: string): Promise<ReplyOutcome> {
    const nested = req.parentNetworkId !== req.networkPostId;
    const { data, headers: answered } = await networkSend<Element>(
      rest(commentsPath(req.parentNetworkId)),
      {
        headers: headers(req.account),
        json: {
          actor,
          object: req.networkPostId,
          message: { text: req.text },
          ...(nested && { parentComment: req.parentNetworkId }),
        },
      },
      readError,
    );
    const id = data.id ?? answered.get("x-restli-id");
    const urn = urnOf(data) ?? (data.object && id ? `urn:li:comment:(${data.object},${id})` : null);
    if (!urn) throw new NetworkError("LinkedIn made the comment but did not say which it is.", 502, false, false);
    return { networkId: urn, url: linkOf(req.networkPostId, urn) };
  }

  /** `actor`'s comment with this text under `parent` made since `since`; "unsupported" when it cannot be told. */
  async function matchIn(
    account: InboxAccount,
    postUrn: string,
    parent: string,
    actor: string,
    text: string,
    since: Date,
  ): Promise<ReplyOutcome | null | "unsupported"> {
    const listed = await unlessRefused(() => listAll(account, parent));
    if (!listed) return "unsupported";
    const from = since.getTime() - CLOCK_SLACK_MS;
    const match = listed.elements.find(
      (e) => e.actor === actor && (e.message?.text ?? "").trim() === text.trim() && (e.created?.time ?? 0) >= from,
    );
    const urn = match && urnOf(match);
    if (urn) return { networkId: urn, url: linkOf(postUrn, urn) };
    return listed.all ? null : "unsupported";
  }

  return {
    async comments(req: CommentsRequest): Promise<CommentsReading> {
      const organization = organizationUrnOf(req.account.pageId);
      // A member's own posts: LinkedIn gives apps none of their comments (INBOX_NETWORKS.linkedin says so).
      if (!organization) return { comments: [] };
      const scopes = req.account.scopes;
      if (scopes.length > 0 && !READ_SCOPES.some((s) => scopes.includes(s))) {
        const asked = ctx.extraScopes?.includes("r_organization_social") ?? false;
        throw new InboxUnavailable(asked ? "scope" : "tier", asked ? LINKEDIN_READ_PERMISSION : LINKEDIN_TIER);
      }
      const found: { e: Element; postUrn: string; parent: string | null; since: Date | null }[] = [];
      for (const p of req.posts) {
        if (!POST_URN.test(p.networkPostId)) continue;
        const tops = await unlessRefused(() => listAll(req.account, p.networkPostId));
        for (const e of tops?.elements ?? []) {
          found.push({ e, postUrn: p.networkPostId, parent: null, since: p.since });
          const urn = urnOf(e);
          const replies = e.commentsSummary?.aggregatedTotalComments ?? e.commentsSummary?.totalFirstLevelComments ?? 0;
          if (!urn || replies === 0) continue;
          const under = await unlessRefused(() => listAll(req.account, urn));
          for (const r of under?.elements ?? [])
            found.push({ e: r, postUrn: p.networkPostId, parent: urn, since: p.since });
        }
      }
      const names = await organizationNames(
        req.account,
        found.map((f) => f.e.actor ?? ""),
      );
      const comments: NetworkComment[] = [];
      for (const f of found) {
        const c = commentOf(f.e, { postUrn: f.postUrn, organization, parent: f.parent, names });
        if (c && (!f.since || c.writtenAt > f.since)) comments.push(c);
      }
      comments.sort((a, b) => b.writtenAt.getTime() - a.writtenAt.getTime());
      return { comments };
    },

    /** Comments as the page: on the post, or under the comment answered (tried once). */
    async replyToComment(req: ReplyRequest): Promise<ReplyOutcome> {
      const organization = organizationUrnOf(req.account.pageId);
      if (!organization) throw refuse(MEMBER_POSTS);
      return comment(req, organization);
    },

    /**
     * The first comment, as the post went out: as the company page (w_organization_social) or as the member
     * (w_member_social), on the share or ugcPost; tried once.
     */
    async firstComment(req: FirstCommentRequest): Promise<ReplyOutcome> {
      const { actor, scope } = authorOf(req.account);
      if (lacksAny(req.account, [scope])) throw new InboxUnavailable("scope", LINKEDIN_COMMENT_PERMISSION(scope));
      try {
        return await comment(replyToPost(req), actor);
      } catch (err) {
        if (err instanceof NetworkError && err.missingScope)
          throw new InboxUnavailable("scope", LINKEDIN_COMMENT_PERMISSION(scope));
        throw err;
      }
    },

    /**
     * The author's comment of this text on the post since the attempt began. A member's own post cannot be read
     * back (r_member_social, which LinkedIn gives no app): "unsupported", as when the comments run past the pages read.
     */
    async findFirstComment(req: FirstCommentRequest): Promise<ReplyOutcome | null | "unsupported"> {
      const { actor } = authorOf(req.account);
      const scopes = req.account.scopes;
      if (actor.startsWith("urn:li:person:")) return "unsupported";
      if (scopes.length > 0 && !READ_SCOPES.some((s) => scopes.includes(s))) return "unsupported";
      return matchIn(req.account, req.networkPostId, req.networkPostId, actor, req.text, req.since);
    },

    /** The page's comment with this text under the message answered, made since the attempt began. */
    async findReply(req: ReplyRequest): Promise<ReplyOutcome | null | "unsupported"> {
      const organization = organizationUrnOf(req.account.pageId);
      if (!organization) return "unsupported";
      return matchIn(req.account, req.networkPostId, req.parentNetworkId, organization, req.text, req.since);
    },
  };
}
