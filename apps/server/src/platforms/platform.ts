import type { Readable } from "node:stream";
import type {
  AccountMetric,
  AspectRatio,
  FacebookPage,
  InboxMessageAction,
  InboxSourceState,
  LinkedInOrganization,
  MediaFileType,
  MetricUnavailableReason,
  PinterestBoard,
  Platform,
  PostMetric,
  PostOptions,
  TikTokCreator,
} from "@app/shared";
import type { NetworkSettings } from "../config/env";

export interface TokenSet {
  accessToken: string;
  /** undefined: the network sent none this time (keep the one we have); null: there is none. */
  refreshToken?: string | null;
  expiresAt: Date | null;
  refreshTokenExpiresAt?: Date | null;
  scopes?: string | null;
  /** Some networks name the account in the token response (TikTok open_id, Instagram user_id). */
  accountId?: string;
}

export interface NetworkProfile {
  id: string;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  followerCount: number;
  email?: string | null;
}

/** What the app needs from each network to connect and keep an account. */
export interface PlatformAdapter {
  platform: Platform;
  /** PKCE (S256) is sent when the network supports it. */
  usesPkce: boolean;
  /** Whether the connection points at the built-in sandbox rather than the real network. */
  sandbox: boolean;
  authorizeUrl(p: { state: string; codeChallenge?: string; redirectUri: string }): string;
  exchangeCode(p: { code: string; codeVerifier?: string; redirectUri: string }): Promise<TokenSet>;
  /** null when this network cannot renew these tokens (the user must reconnect before expiry). */
  refresh(t: { accessToken: string; refreshToken: string | null }): Promise<TokenSet> | null;
  profile(accessToken: string, t?: TokenSet): Promise<NetworkProfile>;
  facebookPages?(accessToken: string): Promise<FacebookPage[]>;
  pinterestBoards?(accessToken: string): Promise<PinterestBoard[]>;
  /** What TikTok lets the creator post now: privacy levels, interactions, longest video. */
  tiktokCreator?(accessToken: string): Promise<TikTokCreator>;
  /** The company pages (organizations) the LinkedIn member administers, which a post may go out as. */
  linkedinOrganizations?(accessToken: string): Promise<LinkedInOrganization[]>;
  /**
   * Publishes one post to one account. It must not retry a call that may have created the post: the
   * worker decides, after asking the network with `lookup`.
   */
  publish?(req: PublishRequest): Promise<PublishOutcome>;
  /**
   * The post an interrupted `publish` of `req` made, if the network shows one; null when there is none;
   * "unsupported" when the app cannot ask (the token lacks the scope, or the network refuses the read).
   */
  lookup?(req: PublishRequest): Promise<PublishOutcome | null | "unsupported">;
  /**
   * The figures of published posts, batched as the network allows. A post the network no longer shows (deleted,
   * or not the account's) is absent from the map. Transient failures and dead tokens throw; a missing scope
   * does not: its figures come back unavailable ("scope").
   */
  postMetrics?(req: PostMetricsRequest): Promise<Map<string, PostMetricsReading>>;
  /** The account's own figures (followers...), read as of now. */
  accountMetrics?(accessToken: string, t?: TokenSet): Promise<AccountMetricsReading>;

  /*
   * The inbox (issue 21). Present only on networks whose API gives apps comments (INBOX_NETWORKS says which);
   * each checks the token's scopes first and throws InboxUnavailable (not a failure: the account's source
   * state) when a scope, the access tier or the month's read budget is missing. Transient failures and dead
   * tokens throw NetworkError as publishing does.
   */
  /** The comments and replies under the account's posts, newest first, written after each post's `since`. */
  comments?(req: CommentsRequest): Promise<CommentsReading>;
  /** Posts of others that mention the account, written after `since` (X). */
  mentions?(req: MentionsRequest): Promise<CommentsReading>;
  /**
   * Answers a comment on the network. Like publish, it must not retry a call that may have made the reply:
   * the worker asks `findReply` first after an attempt whose outcome is unknown.
   */
  replyToComment?(req: ReplyRequest): Promise<ReplyOutcome>;
  /** The reply an interrupted `replyToComment` made, if the network shows one; null: none; "unsupported": cannot ask. */
  findReply?(req: ReplyRequest): Promise<ReplyOutcome | null | "unsupported">;
  /** Like, unlike, hide, unhide or delete a message on the network (as INBOX_NETWORKS allows). */
  moderateComment?(req: ModerateRequest): Promise<void>;

  /**
   * The first comment (issue 23), on the networks of FIRST_COMMENT_NETWORKS: a comment by the account under its
   * own post just published (on X, a reply to it). Like publish, it must not retry a call that may have made the
   * comment: the worker asks `findFirstComment` first after an attempt whose outcome is unknown.
   */
  firstComment?(req: FirstCommentRequest): Promise<ReplyOutcome>;
  /** The comment an interrupted `firstComment` made, if the network shows one; null: none; "unsupported": cannot ask. */
  findFirstComment?(req: FirstCommentRequest): Promise<ReplyOutcome | null | "unsupported">;
}

export interface FirstCommentRequest {
  account: InboxAccount;
  /** the post just published (its id on the network) */
  networkPostId: string;
  text: string;
  /** when this attempt began: findFirstComment looks for comments made since */
  since: Date;
}

/** A first comment as a reply to the post itself (where the network answers a post and a comment alike). */
export const replyToPost = (req: FirstCommentRequest): ReplyRequest => ({ ...req, parentNetworkId: req.networkPostId });

/** The account an inbox call is made for. */
export interface InboxAccount {
  accessToken: string;
  /** the account's id on the network (person, channel, Instagram user) */
  networkId: string;
  username: string | null;
  /** the Facebook Page or LinkedIn organization its posts go out as, if any */
  pageId: string | null;
  /** the scopes the network granted the token (a read without its scope is not even tried) */
  scopes: readonly string[];
}

export interface CommentsRequest {
  account: InboxAccount;
  /** the posts to read: each one's id on the network and the newest comment time already collected (null: all) */
  posts: { networkPostId: string; since: Date | null }[];
}

export interface MentionsRequest {
  account: InboxAccount;
  /** where the last read stopped (the network's own cursor, e.g. X's since_id), null the first time */
  cursor: Record<string, unknown> | null;
  since: Date | null;
}

/** A comment, reply or mention as a network gives it. */
export interface NetworkComment {
  networkId: string;
  /** the comment it answers on the network; null for a first-level comment or a mention */
  parentNetworkId: string | null;
  /** the post it is under (for a mention: the mention itself) */
  networkPostId: string;
  author: { networkId: string; name: string; handle: string | null; avatarUrl: string | null };
  text: string;
  writtenAt: Date;
  /** written by the connected account itself */
  own: boolean;
  url: string | null;
  hidden?: boolean;
}

export interface CommentsReading {
  comments: NetworkComment[];
  /** where to go on from next time (MentionsRequest.cursor) */
  cursor?: Record<string, unknown> | null;
  /** posts read (X bills each one): counted against the account's monthly read budget */
  reads?: number;
}

export interface ReplyRequest {
  account: InboxAccount;
  /** the post the conversation is under, and the message answered (both network ids) */
  networkPostId: string;
  parentNetworkId: string;
  text: string;
  /** when this attempt began: findReply looks for replies made since */
  since: Date;
}

export interface ReplyOutcome {
  networkId: string;
  url: string | null;
}

export interface ModerateRequest {
  account: InboxAccount;
  networkId: string;
  /** the post it is under (some networks address a comment through its post) */
  networkPostId: string;
  action: InboxMessageAction;
}

/** The posts whose figures are read, with the account's token. */
export interface PostMetricsRequest {
  accessToken: string;
  /**
   * Each post's id on the network, and where it went: the Facebook Page, or the LinkedIn organization (its id
   * or URN) a company post went out as (null for a member's own post).
   */
  posts: { externalId: string; pageId?: string | null }[];
  /** the scopes the network granted the token, when known: a read without its scope is not even tried */
  scopes?: string | null;
}

/**
 * What a network says of one thing (a post, an account): each figure it gives, and why each other one is
 * missing. Every metric is in exactly one of the two: a missing figure is never a zero.
 */
export interface MetricsReading<M extends string> {
  figures: Partial<Record<M, number>>;
  unavailable: Partial<Record<M, MetricUnavailableReason>>;
}
export type PostMetricsReading = MetricsReading<PostMetric>;
export type AccountMetricsReading = MetricsReading<AccountMetric>;

/** A file of the media library on its way to a network. */
export interface PublishMedia {
  id: string;
  kind: MediaFileType;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  aspectRatio: AspectRatio;
  sha256: string;
  /** a public, unguessable, expiring address of the file, for networks that fetch media themselves */
  publicUrl: string;
  /** the bytes, all or a range (both ends included) */
  open(range?: { start: number; end: number }): Promise<Readable>;
}

export interface PublishRequest {
  accessToken: string;
  /** the account on the network: its id there (person, user) and name */
  account: { networkId: string; username: string | null; displayName: string | null };
  /** a Facebook page, a Pinterest board or a LinkedIn organization, where the post goes instead */
  pageId: string | null;
  /** the post's text with its hashtags, as the network shows it */
  text: string;
  options: PostOptions;
  media: PublishMedia[];
  /** when this attempt began: a lookup looks for posts made since */
  since: Date;
  /** the scopes the network granted this account's token (an optional read is skipped without its scope) */
  scopes: readonly string[];
  /**
   * What earlier attempts of this post already made on the network (as recorded with recordProgress), e.g.
   * the parts of a thread already posted: they must not be made again. null on a first attempt.
   */
  progress: Record<string, unknown> | null;
  /** extends the worker's lease; call it between the steps of a long upload */
  keepAlive(): Promise<void>;
  /** keeps what this attempt made so far, for the next attempt to go on from (see `progress`) */
  recordProgress(progress: Record<string, unknown>): Promise<void>;
}

export interface PublishOutcome {
  /** the network's id of the post */
  externalId: string;
  /** where people see it */
  url: string | null;
  /** what the network did otherwise than asked, for the user to know (e.g. kept private) */
  notice?: string | null;
}

/** Connection settings of one network: its app's credentials and where its hosts are. */
export interface NetworkContext {
  clientId: string;
  clientSecret: string;
  sandbox: boolean;
  /** Scopes asked for on top of the network's own (LinkedIn's organization scopes, when they are enabled). */
  extraScopes?: readonly string[];
  /** LINKEDIN_VERSION, PINTEREST_API_HOST and the like */
  settings: NetworkSettings;
  /** the app's clock (tests move it): token expiries are dated on it */
  now(): Date;
  /** A network URL as the server calls it (the real one, or its sandbox look-alike). */
  serverUrl(realUrl: string): string;
  /** A network URL as the browser opens it (authorize pages). */
  browserUrl(realUrl: string): string;
}

/** The scopes of a token as one list, whichever separator the network used (spaces or commas). */
export const grantedScopes = (scopes: string | null | undefined): string[] =>
  (scopes ?? "").split(/[\s,]+/).filter(Boolean);

/** A token lifetime in seconds (`expires_in`) as the moment it ends, on the app's clock. */
export const secondsFromNow = (seconds: unknown, now: Date): Date | null =>
  typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0
    ? new Date(now.getTime() + seconds * 1000)
    : null;

/**
 * The inbox cannot read (or act on) this account for a reason that is not a failure: its connection lacks a
 * scope, the app's access tier does not include it, or X's read budget is spent. Shown beside the account.
 */
export class InboxUnavailable extends Error {
  constructor(
    readonly state: Exclude<InboxSourceState, "ok" | "error">,
    message: string,
  ) {
    super(message);
    this.name = "InboxUnavailable";
  }
}
