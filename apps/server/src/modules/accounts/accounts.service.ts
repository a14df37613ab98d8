import {
  ACCOUNT_MESSAGES,
  accountStatus,
  ERROR_CODES,
  expiresSoon,
  type Network,
  oauthCallbackPath,
  PLANS,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
  type SocialAccount,
} from "@app/shared";
import { isPlatform, ownValue } from "@app/shared/rules/own-key";
import type { Db, Queryable } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import { batchedLoader } from "../../lib/batch";
import { type Cipher, randomToken, sha256 } from "../../lib/crypto";
import { NetworkError } from "../../platforms/http";
import type { PlatformAdapter, TokenSet } from "../../platforms/platform";
import type { PlatformRegistry } from "../../platforms/registry";
import type { RealtimeHub } from "../../realtime/hub";
import { planOf } from "../billing/plan.repo";
import { assertCan, type Member } from "../workspaces/member";
import { createExpiryWarnings, reconnectByOf } from "./accounts.expiry";
import type { AccountRow, AccountsRepo } from "./accounts.repo";

const STATE_TTL_MS = 10 * 60_000;
/** Tokens are renewed this long before they expire. */
export const REFRESH_AHEAD_MS = 10 * 60_000;
/** How long one renewal may hold an account (a crashed process's claim lapses after this). */
const CLAIM_MS = 30_000;
const CLAIM_POLL_MS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AccountsDeps {
  db: Db;
  repo: AccountsRepo;
  registry: PlatformRegistry;
  cipher: Cipher;
  hub: RealtimeHub;
  publicUrl: string;
  now?: () => Date;
}

export function toApiAccount(row: AccountRow, now: Date): SocialAccount {
  const reconnectBy = reconnectByOf(row);
  return {
    id: row.id,
    platform: row.platform as Platform,
    platformAccountId: row.platformAccountId,
    username: row.username,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    followerCount: row.followerCount,
    isActive: row.isActive,
    status: accountStatus({ ...row, reconnectBy }, now),
    tokenExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
    reconnectBy: reconnectBy?.toISOString() ?? null,
    lastError: row.lastError,
    sandbox: row.sandbox,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A network's failure as an answer: 503 when it is worth trying again later, else 424, in the network's words. */
export const networkFailure = (prefix: (m: string) => string, err: unknown) =>
  new AppError(
    err instanceof NetworkError && err.transient ? 503 : 424,
    "NETWORK_ERROR",
    prefix(err instanceof Error ? err.message : String(err)),
  );

export function createAccountsService(deps: AccountsDeps) {
  const { repo, registry, cipher, hub } = deps;
  const now = deps.now ?? (() => new Date());

  /** The adapter of a network named by a request; `__proto__`, `constructor` and the like are no network. */
  const adapterFor = (platform: string): PlatformAdapter => {
    if (!isPlatform(platform)) {
      throw new AppError(400, ERROR_CODES.validation, ACCOUNT_MESSAGES.unsupportedPlatform(platform));
    }
    const adapter = ownValue(registry, platform);
    if (adapter) return adapter;
    throw new AppError(400, ERROR_CODES.validation, ACCOUNT_MESSAGES.notConfigured(PLATFORM_LABELS[platform]));
  };

  const publish = (row: AccountRow, action: "insert" | "update" | "delete") =>
    hub.publish(row.workspaceId, {
      name: "accounts",
      data: { type: "accounts.changed", action, account: toApiAccount(row, now()) },
    });

  /** Inside a transaction, pass it: PGlite has one connection, and a second query would wait for ever. */
  async function assertRoomForAnother(workspaceId: string, tx: Queryable = deps.db) {
    const limit = PLANS[await planOf(tx, workspaceId, now())].limits.socialAccounts;
    if (limit !== null && (await repo.countActive(workspaceId, tx)) >= limit) {
      throw new AppError(403, "PLAN_LIMIT", ACCOUNT_MESSAGES.limitReached(limit));
    }
  }

  /** Limits fail closed: if they cannot be checked, nothing is connected. */
  async function checkLimit<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(503, "LIMIT_CHECK_FAILED", ACCOUNT_MESSAGES.limitCheckFailed);
    }
  }

  const redirectUri = (platform: string) => `${deps.publicUrl}${oauthCallbackPath(platform as Platform)}`;

  /** Another process renewed the account, or is renewing it: waits for it to finish and returns its result. */
  async function renewedElsewhere(stale: AccountRow): Promise<AccountRow> {
    for (let waited = 0; waited <= CLAIM_MS; waited += CLAIM_POLL_MS) {
      const current = await repo.find(stale.workspaceId, stale.id);
      if (!current) throw notFound(ACCOUNT_MESSAGES.accountNotFound);
      const claimed = current.refreshClaimedUntil && current.refreshClaimedUntil.getTime() > now().getTime();
      if (!claimed) {
        if (current.accessToken !== stale.accessToken) return current;
        if (current.needsReconnect) throw new NetworkError(ACCOUNT_MESSAGES.tokenRejected, 401, false, true);
        throw new NetworkError(current.lastError ?? ACCOUNT_MESSAGES.refreshBusy, 503, true, false);
      }
      await sleep(CLAIM_POLL_MS);
    }
    throw new NetworkError(ACCOUNT_MESSAGES.refreshBusy, 409, true, false);
  }

  /**
   * Renews the tokens and stores them; a refusal marks the account for reconnecting. Only one renewal
   * of an account runs at a time, across processes: a second caller waits for the first one's result.
   */
  async function renew(stale: AccountRow): Promise<AccountRow> {
    adapterFor(stale.platform);
    const row = await claim(stale);
    return row ? renewClaimed(row) : renewedElsewhere(stale);
  }

  /**
   * The network refused the account's access: it is marked for reconnecting, and the members who may reconnect
   * it are told (once, when it was not marked already).
   */
  async function markForReconnect(
    workspaceId: string,
    id: string,
    set: Partial<AccountRow> = {},
  ): Promise<AccountRow | undefined> {
    const { row, told } = await repo.markNeedsReconnect(
      workspaceId,
      id,
      { ...set, lastError: ACCOUNT_MESSAGES.tokenRejected },
      now(),
      ACCOUNT_MESSAGES.tokenRejected,
    );
    if (told) announceNotifications(workspaceId);
    return row;
  }

  const announceNotifications = (workspaceId: string) =>
    hub.publish(workspaceId, { name: "notifications", data: { type: "notifications.changed" } });

  const claim = (stale: AccountRow) => repo.claimRefresh(stale, now(), new Date(now().getTime() + CLAIM_MS));

  /**
   * A token nothing can renew (Facebook's) is checked with its network instead: it stays, unchanged, for as
   * long as the network takes it; its owner is warned before it ends.
   */
  async function stillTaken(adapter: PlatformAdapter, row: AccountRow, accessToken: string): Promise<TokenSet> {
    const tokens: TokenSet = { accessToken, expiresAt: row.tokenExpiresAt, scopes: row.scopes };
    await adapter.profile(accessToken, tokens);
    return tokens;
  }

  /** The renewal itself, by the holder of the claim; every outcome releases it. */
  async function renewClaimed(row: AccountRow): Promise<AccountRow> {
    const adapter = adapterFor(row.platform);
    const accessToken = cipher.decrypt(row.accessToken);
    const alive = !row.tokenExpiresAt || row.tokenExpiresAt.getTime() > now().getTime();
    const pending =
      adapter.refresh({ accessToken, refreshToken: row.refreshToken ? cipher.decrypt(row.refreshToken) : null }) ??
      (alive ? stillTaken(adapter, row, accessToken) : null);
    if (!pending) {
      await repo.update(row.workspaceId, row.id, { refreshClaimedUntil: null });
      throw new NetworkError("This network does not renew its tokens: reconnect the account.", 400, false, true);
    }
    let tokens: TokenSet;
    try {
      tokens = await pending;
    } catch (err) {
      const rejected = err instanceof NetworkError && err.tokenRejected;
      const updated = rejected
        ? await markForReconnect(row.workspaceId, row.id, { refreshClaimedUntil: null })
        : await repo.update(row.workspaceId, row.id, {
            refreshClaimedUntil: null,
            lastError: ACCOUNT_MESSAGES.refreshFailed((err as Error).message),
          });
      if (updated) publish(updated, "update");
      throw err;
    }
    const renewedEnd = reconnectByOf({
      platform: row.platform,
      tokenExpiresAt: tokens.expiresAt,
      refreshTokenExpiresAt:
        tokens.refreshTokenExpiresAt !== undefined ? tokens.refreshTokenExpiresAt : row.refreshTokenExpiresAt,
      refreshToken: tokens.refreshToken !== undefined ? tokens.refreshToken : row.refreshToken,
    });
    const updated = await repo.update(row.workspaceId, row.id, {
      // A renewal that pushed the end of access out of the warning window ends the warning; one that did not
      // (the last renewals before a refresh token ends) keeps it, so the owner is not told twice.
      ...(!expiresSoon(renewedEnd, now()) && { expiryWarnedAt: null }),
      accessToken: cipher.encrypt(tokens.accessToken),
      ...(tokens.refreshToken !== undefined && {
        refreshToken: tokens.refreshToken === null ? null : cipher.encrypt(tokens.refreshToken),
      }),
      ...(tokens.refreshTokenExpiresAt !== undefined && { refreshTokenExpiresAt: tokens.refreshTokenExpiresAt }),
      tokenExpiresAt: tokens.expiresAt,
      needsReconnect: false,
      lastError: null,
      refreshClaimedUntil: null,
    });
    if (!updated) throw notFound(ACCOUNT_MESSAGES.accountNotFound);
    publish(updated, "update");
    return updated;
  }

  /** A usable access token for a call now: renewed first when it is about to expire. */
  async function freshAccessToken(row: AccountRow): Promise<string> {
    const left = row.tokenExpiresAt ? row.tokenExpiresAt.getTime() - now().getTime() : Number.POSITIVE_INFINITY;
    // The last token the account will have (nothing can renew it) is used while it lasts: its owner was warned.
    const end = reconnectByOf(row);
    const lastToken = end !== null && row.tokenExpiresAt !== null && end.getTime() <= row.tokenExpiresAt.getTime();
    const current = left < REFRESH_AHEAD_MS && !(lastToken && left > 0) ? await renew(row) : row;
    return cipher.decrypt(current.accessToken);
  }

  /**
   * The account a publication runs with, read as it starts: the targets a worker claims together start in one
   * turn and read their accounts in one query (see batchedLoader), not one each.
   */
  const accountForPublishing = batchedLoader(
    (keys: { workspaceId: string; id: string }[]) => repo.findMany(keys),
    (k) => `${k.workspaceId}:${k.id}`,
  );

  const warnExpiring = createExpiryWarnings({ repo, hub, now, announce: (row) => publish(row, "update") });

  /** An active account of the workspace; any other id reads as not found. */
  async function ownActive(workspaceId: string, id: string): Promise<AccountRow> {
    const row = await repo.find(workspaceId, id);
    if (!row?.isActive) throw notFound(ACCOUNT_MESSAGES.accountNotFound);
    return row;
  }

  return {
    /** Every network, and how this server reaches it (absent: no credentials and no sandbox). */
    networks(): Network[] {
      return PLATFORMS.map((platform) => {
        const adapter = registry[platform];
        return { platform, available: adapter !== undefined, sandbox: adapter?.sandbox ?? false };
      });
    },

    /** The workspace's active accounts: every member reads them. */
    async list(member: Member): Promise<SocialAccount[]> {
      const t = now();
      return (await repo.listActive(member.workspaceId)).map((r) => toApiAccount(r, t));
    },

    /** Starts connecting an account to the member's workspace: the state remembers which one. */
    async initiate(member: Member, sessionId: string, platform: string): Promise<string> {
      assertCan(member, "account", "manage");
      const { workspaceId } = member;
      const adapter = adapterFor(platform);
      // At the limit, only a reconnect can succeed: let the user through when an account of this
      // network is active; the callback then decides on the account the network names.
      const mayReconnect = async () => (await repo.listActive(workspaceId)).some((a) => a.platform === platform);
      await checkLimit(async () => {
        if (!(await mayReconnect())) await assertRoomForAnother(workspaceId);
      });
      const state = randomToken();
      const codeVerifier = adapter.usesPkce ? randomToken(48) : undefined;
      await repo.saveState({
        stateHash: sha256(state),
        workspaceId,
        userId: member.userId,
        sessionId,
        platform,
        codeVerifier: codeVerifier ? cipher.encrypt(codeVerifier) : null,
        redirectUri: redirectUri(platform),
        expiresAt: new Date(now().getTime() + STATE_TTL_MS),
      });
      return adapter.authorizeUrl({
        state,
        redirectUri: redirectUri(platform),
        codeChallenge: codeVerifier ? sha256(codeVerifier) : undefined,
      });
    },

    /**
     * Finishes connecting into the workspace the state was made in (the browser may have opened another one
     * since), as long as the user may still manage its accounts there.
     */
    async complete(
      member: Member,
      sessionId: string,
      platform: string,
      input: { code: string; state: string },
    ): Promise<SocialAccount> {
      const adapter = adapterFor(platform);
      const pending = await repo.consumeState(sha256(input.state));
      const valid =
        pending &&
        pending.userId === member.userId &&
        pending.sessionId === sessionId &&
        pending.platform === platform &&
        pending.expiresAt.getTime() > now().getTime();
      if (!valid) throw new AppError(400, "INVALID_STATE", ACCOUNT_MESSAGES.invalidState);
      const { userId } = member;
      const { workspaceId } = pending;
      // The role held there now: it may have changed, or ended, since the state was made.
      const role = workspaceId === member.workspaceId ? member.role : await repo.roleOf(workspaceId, userId);
      if (!role) throw new AppError(400, "INVALID_STATE", ACCOUNT_MESSAGES.invalidState);
      assertCan({ userId, workspaceId, role }, "account", "manage");

      let tokens: TokenSet;
      let profile: Awaited<ReturnType<PlatformAdapter["profile"]>>;
      try {
        tokens = await adapter.exchangeCode({
          code: input.code,
          redirectUri: pending.redirectUri,
          codeVerifier: pending.codeVerifier ? cipher.decrypt(pending.codeVerifier) : undefined,
        });
        profile = await adapter.profile(tokens.accessToken, tokens);
      } catch (err) {
        throw networkFailure(ACCOUNT_MESSAGES.completeFailed, err);
      }

      const row = await checkLimit(() =>
        repo.transactionForOwner(workspaceId, async (tx) => {
          const existing = await repo.findByNetworkId(tx, workspaceId, platform, profile.id);
          if (!existing?.isActive) await assertRoomForAnother(workspaceId, tx);
          return repo.upsert(tx, {
            workspaceId,
            userId,
            platform,
            platformAccountId: profile.id,
            username: profile.username,
            displayName: profile.displayName,
            avatarUrl: profile.avatarUrl,
            followerCount: Math.max(0, Math.round(profile.followerCount)),
            accessToken: cipher.encrypt(tokens.accessToken),
            refreshToken: tokens.refreshToken ? cipher.encrypt(tokens.refreshToken) : null,
            refreshTokenExpiresAt: tokens.refreshTokenExpiresAt ?? null,
            tokenExpiresAt: tokens.expiresAt,
            scopes: tokens.scopes ?? null,
            sandbox: adapter.sandbox,
          });
        }),
      );
      publish(row, "insert");
      return toApiAccount(row, now());
    },

    async disconnect(member: Member, id: string): Promise<SocialAccount> {
      assertCan(member, "account", "manage");
      await ownActive(member.workspaceId, id);
      const row = await repo.update(member.workspaceId, id, { isActive: false });
      if (!row) throw notFound(ACCOUNT_MESSAGES.accountNotFound);
      publish(row, "delete");
      return toApiAccount(row, now());
    },

    async refresh(member: Member, id: string): Promise<SocialAccount> {
      assertCan(member, "account", "manage");
      const row = await ownActive(member.workspaceId, id);
      try {
        return toApiAccount(await renew(row), now());
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw networkFailure(ACCOUNT_MESSAGES.refreshFailed, err);
      }
    },

    /** Reads something of the account from its network with a fresh token (every member may: posts need it). */
    async fromNetwork<T>(
      member: Member,
      id: string,
      platform: Platform,
      onError: (m: string) => string,
      /** `scopes`: what the network granted the account's token (an optional read is skipped without its scope) */
      read: (adapter: PlatformAdapter, token: string, scopes: string | null) => Promise<T>,
    ): Promise<T> {
      const { workspaceId } = member;
      const row = await ownActive(workspaceId, id);
      if (row.platform !== platform) throw notFound(ACCOUNT_MESSAGES.accountNotFound);
      try {
        return await read(adapterFor(platform), await freshAccessToken(row), row.scopes);
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof NetworkError && err.tokenRejected) {
          const updated = await markForReconnect(workspaceId, id);
          if (updated) publish(updated, "update");
        }
        throw networkFailure(onError, err);
      }
    },

    /**
     * Runs `work` (a publication) with the account's adapter and a fresh access token. A token the network
     * refuses is renewed once and `work` tried again: a refused token made nothing on the network. When the
     * network refuses the renewal too, the account is marked for reconnecting and the refusal thrown.
     * `workspaceId`: the post's (background work: no member acts).
     */
    async withAccount<T>(
      workspaceId: string,
      id: string,
      work: (ctx: { adapter: PlatformAdapter; token: string; account: AccountRow }) => Promise<T>,
    ): Promise<T> {
      const row = await accountForPublishing({ workspaceId, id });
      if (!row?.isActive) throw new NetworkError(ACCOUNT_MESSAGES.accountGone, 404, false, false);
      const adapter = adapterFor(row.platform);
      const markRejected = async (err: unknown) => {
        if (!(err instanceof NetworkError && err.tokenRejected)) return;
        const updated = await markForReconnect(workspaceId, id);
        if (updated) publish(updated, "update");
      };
      try {
        return await work({ adapter, token: await freshAccessToken(row), account: row });
      } catch (err) {
        if (!(err instanceof NetworkError && err.tokenRejected)) throw err;
        let renewed: AccountRow;
        try {
          renewed = await renew(row);
        } catch (refusal) {
          await markRejected(refusal);
          throw refusal;
        }
        try {
          return await work({ adapter, token: cipher.decrypt(renewed.accessToken), account: renewed });
        } catch (again) {
          await markRejected(again);
          throw again;
        }
      }
    },

    /**
     * The periodic sweep: renews every token that expires soon. A refusal marks the account expired
     * (and tells its workspace through the event stream); a transient failure is left for the next sweep.
     * Then it warns the workspaces of accounts whose access ends for good soon (see accounts.expiry.ts).
     */
    async refreshDue(limit = 50): Promise<{ renewed: number; rejected: number; failed: number }> {
      const t = now();
      await repo.deleteExpiredStates(t);
      const due = await repo.dueForRefresh(new Date(t.getTime() + REFRESH_AHEAD_MS), t, limit);
      const result = { renewed: 0, rejected: 0, failed: 0 };
      for (const row of due) {
        if (!registry[row.platform as Platform]) continue;
        try {
          // Renewed or being renewed by another process since it was read: in hand.
          const claimed = await claim(row);
          if (!claimed) continue;
          await renewClaimed(claimed);
          result.renewed++;
        } catch (err) {
          if (err instanceof NetworkError && err.tokenRejected) result.rejected++;
          else result.failed++;
        }
      }
      await warnExpiring();
      return result;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
