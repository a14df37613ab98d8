import type { FacebookPage, PinterestBoard, Platform } from "@app/shared";

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
}

/** Connection settings of one network: its app's credentials and where its hosts are. */
export interface NetworkContext {
  clientId: string;
  clientSecret: string;
  sandbox: boolean;
  /** A network URL as the server calls it (the real one, or its sandbox look-alike). */
  serverUrl(realUrl: string): string;
  /** A network URL as the browser opens it (authorize pages). */
  browserUrl(realUrl: string): string;
}

export const secondsFromNow = (seconds: unknown, now = Date.now()): Date | null =>
  typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? new Date(now + seconds * 1000) : null;
