import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Platform } from "@app/shared";

export type TokenKind = "code" | "access" | "refresh" | "page";

/** What a sandbox token stands for; the token carries it, signed, so it survives a restart. */
export interface Claims {
  kind: TokenKind;
  platform: Platform;
  /** the network's id of the person who consented */
  userId: string;
  username: string;
  scope: string;
  /** one consent: every token that descends from it shares it, and a revocation kills them all */
  grant: string;
  jti: string;
  /** issued and expiry, in ms since the epoch; null: never expires */
  iat: number;
  exp: number | null;
  /** authorization codes: what the token request must repeat */
  redirectUri?: string;
  challenge?: string;
  /** when the grant's refresh token stops working, where the network does not extend it (LinkedIn) */
  grantExp?: number | null;
  /** a short-lived token that still has to be exchanged (Facebook, Instagram) */
  short?: boolean;
}

export type Refusal = "malformed" | "expired" | "revoked" | "used" | "wrong-kind";

const PREFIX: Record<TokenKind, string> = { code: "sbxc", access: "sbxa", refresh: "sbxr", page: "sbxp" };

/** Marks kept in memory are dropped once the token they mark is past its expiry, on the sandbox's clock. */
class ExpiringSet {
  private readonly items = new Map<string, number>();
  private readonly now: () => number;
  constructor(now: () => number) {
    this.now = now;
  }
  add(key: string, until: number) {
    this.items.set(key, until);
    if (this.items.size > 10_000) {
      const now = this.now();
      for (const [k, t] of this.items) if (t < now) this.items.delete(k);
    }
  }
  has(key: string) {
    return this.items.has(key);
  }
  clear() {
    this.items.clear();
  }
}

const FOREVER = Number.MAX_SAFE_INTEGER;

/**
 * Signed, self-describing tokens. What cannot be signed in (single use, revocation, a test's
 * "expire now") is kept in memory.
 */
export function createTokenStore(secret: string, now: () => number) {
  const key = createHash("sha256").update(`sandbox-tokens:${secret}`).digest();
  const sign = (body: string) => createHmac("sha256", key).update(body).digest("base64url").slice(0, 32);
  const used = new ExpiringSet(now);
  const expired = new ExpiringSet(now);
  const revokedGrants = new Set<string>();
  /** grants and access tokens seen since start, so a test can revoke or expire them */
  const grants = new Map<string, { platform: Platform; userId: string }>();
  const liveAccess = new Map<string, { platform: Platform; userId: string; exp: number | null }>();

  function issue(kind: TokenKind, base: Omit<Claims, "kind" | "jti" | "iat" | "exp">, lifetimeSeconds: number | null) {
    const iat = now();
    const claims: Claims = {
      ...base,
      kind,
      jti: randomBytes(9).toString("base64url"),
      iat,
      exp: lifetimeSeconds === null ? null : iat + lifetimeSeconds * 1000,
    };
    grants.set(claims.grant, { platform: claims.platform, userId: claims.userId });
    if (kind === "access" || kind === "page") {
      liveAccess.set(claims.jti, { platform: claims.platform, userId: claims.userId, exp: claims.exp });
      if (liveAccess.size > 10_000) {
        for (const [k, v] of liveAccess) if (v.exp !== null && v.exp < iat) liveAccess.delete(k);
      }
    }
    const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
    return { token: `${PREFIX[kind]}.${body}.${sign(body)}`, claims };
  }

  function read(token: string | undefined, kind: TokenKind | TokenKind[]): Claims | Refusal {
    const parts = (token ?? "").split(".");
    if (parts.length !== 3) return "malformed";
    const [prefix, body, sig] = parts as [string, string, string];
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "malformed";
    let claims: Claims;
    try {
      claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Claims;
    } catch {
      return "malformed";
    }
    const kinds = Array.isArray(kind) ? kind : [kind];
    if (!kinds.includes(claims.kind) || PREFIX[claims.kind] !== prefix) return "wrong-kind";
    if (revokedGrants.has(claims.grant)) return "revoked";
    if (used.has(claims.jti)) return "used";
    if (expired.has(claims.jti)) return "expired";
    if (claims.exp !== null && claims.exp <= now()) return "expired";
    if (claims.grantExp && claims.grantExp <= now()) return "expired";
    return claims;
  }

  return {
    issue,
    read,
    /** Codes and rotating refresh tokens work once. */
    spend(claims: Claims) {
      used.add(claims.jti, claims.exp ?? FOREVER);
    },
    revoke(platform: Platform, userId?: string) {
      for (const [grant, g] of grants) {
        if (g.platform === platform && (userId === undefined || g.userId === userId)) revokedGrants.add(grant);
      }
    },
    expireAccess(platform: Platform, userId?: string) {
      for (const [jti, t] of liveAccess) {
        if (t.platform === platform && (userId === undefined || t.userId === userId)) {
          expired.add(jti, t.exp ?? FOREVER);
          liveAccess.delete(jti);
        }
      }
    },
    reset() {
      used.clear();
      expired.clear();
      revokedGrants.clear();
      grants.clear();
      liveAccess.clear();
    },
  };
}
export type TokenStore = ReturnType<typeof createTokenStore>;

/** RFC 7636 S256: BASE64URL(SHA256(verifier)). */
export const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");
