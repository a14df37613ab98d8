import { EXPIRY_MESSAGES, expiresSoon, NOTIFICATION_MESSAGES, type Platform } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { notifications, socialAccounts } from "../../src/db/schema";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const DAY = 24 * 3_600_000;

async function rowOf(id: string) {
  const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
  if (!row) throw new Error(`no account row ${id}`);
  return row;
}

const accountsOf = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/accounts", headers: { cookie } })).json().accounts as {
    id: string;
    platform: Platform;
    status: string;
    reconnectBy: string | null;
  }[];
const accountOf = async (cookie: string, id: string) => (await accountsOf(cookie)).find((a) => a.id === id);
const notificationsOf = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie } })).json();

async function connected(cookie: string, platform: Platform) {
  const res = await connect(t, cookie, platform);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().account as { id: string; reconnectBy: string | null; displayName: string | null };
}

/** Moves the clock to `days` before `moment`. */
const moveTo = (moment: Date, days: number) => t.clock.advance(moment.getTime() - days * DAY - t.clock.now().getTime());

/** Renews tokens as the sweep does, until the refresh token's end is less than `days` away. */
async function sweepUntil(id: string, end: Date, days: number) {
  for (;;) {
    const expires = (await rowOf(id)).tokenExpiresAt as Date;
    const renewal = expires.getTime() - 5 * 60_000;
    if (renewal >= end.getTime() - days * DAY) return;
    t.clock.advance(renewal - t.clock.now().getTime());
    expect((await t.app.accounts.refreshDue()).renewed).toBe(1);
  }
}

async function eventStream(cookie: string) {
  const res = await fetch(`${t.baseUrl}/api/events`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const reader = res.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const decoder = new TextDecoder();
  let text = "";
  return {
    async until(event: string) {
      while (!text.includes(`event: ${event}\n`)) text += decoder.decode((await reader.read()).value);
      return text;
    },
    close: () => reader.cancel(),
  };
}

describe("Facebook: no way to renew its long-lived token", () => {
  test("warned once 7 days before the end, with an expiring badge; a reconnect clears it", async () => {
    const { cookie } = await signedInUser(t.app);
    const facebook = await connected(cookie, "facebook");
    const twitter = await connected(cookie, "twitter");
    const end = (await rowOf(facebook.id)).tokenExpiresAt as Date;
    // About 60 days, as Meta's long-lived user tokens.
    expect(end.getTime() - t.clock.now().getTime()).toBeGreaterThan(59 * DAY);
    expect(facebook.reconnectBy).toBe(end.toISOString());

    moveTo(end, 8);
    await t.app.accounts.refreshDue();
    expect(await notificationsOf(cookie)).toMatchObject({ notifications: [], summary: { unread: 0 } });
    expect(await accountOf(cookie, facebook.id)).toMatchObject({ status: "active", reconnectBy: end.toISOString() });

    const stream = await eventStream(cookie);
    moveTo(end, 6);
    await t.app.accounts.refreshDue();
    const told = await stream.until("notifications");
    expect(told).toContain('"type":"notifications.changed"');
    await stream.until("accounts");
    await stream.close();

    const list = await notificationsOf(cookie);
    expect(list.summary.unread).toBe(1);
    expect(list.notifications).toHaveLength(1);
    const [warning] = list.notifications;
    expect(warning).toMatchObject({
      kind: "account_expiring",
      title: NOTIFICATION_MESSAGES.accountExpiring("Facebook"),
      platform: "facebook",
      postId: null,
      read: false,
    });
    const utcDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(end);
    expect(warning.message).toContain(`Your Facebook account "${facebook.displayName}" stops working on ${utcDay}`);
    expect(warning.message).toContain(EXPIRY_MESSAGES.noRenewal("Facebook"));
    expect(warning.message).toMatch(/Reconnect it before then/);
    expect(await accountOf(cookie, facebook.id)).toMatchObject({ status: "expiring", reconnectBy: end.toISOString() });
    expect((await rowOf(facebook.id)).expiryWarnedAt).toEqual(t.clock.now());

    // Every later sweep, and two at once (two servers on one database), leave it at one.
    await t.app.accounts.refreshDue();
    await Promise.all([t.app.accounts.refreshDue(), t.app.accounts.refreshDue()]);
    t.clock.advance(DAY);
    await t.app.accounts.refreshDue();
    expect((await t.db.select().from(notifications)).length).toBe(1);

    // X renews its tokens itself: through all this it was never warned and never expiring.
    expect(await accountOf(cookie, twitter.id)).toMatchObject({ status: "active", reconnectBy: null });
    expect(list.notifications.every((n: { platform: string }) => n.platform === "facebook")).toBe(true);

    const again = await connected(cookie, "facebook");
    expect(again.id).toBe(facebook.id);
    expect((await rowOf(facebook.id)).expiryWarnedAt).toBeNull();
    const renewed = await accountOf(cookie, facebook.id);
    expect(renewed?.status).toBe("active");
    expect(new Date(renewed?.reconnectBy as string).getTime()).toBeGreaterThan(t.clock.now().getTime() + 59 * DAY);
    await t.app.accounts.refreshDue();
    expect((await t.db.select().from(notifications)).length).toBe(1);
  });

  test("an account already past its end, or disconnected, is not warned; once ended, it is told expired once", async () => {
    const { cookie } = await signedInUser(t.app);
    const gone = await connected(cookie, "facebook");
    const end = (await rowOf(gone.id)).tokenExpiresAt as Date;
    await t.app.inject({ method: "DELETE", url: `/api/accounts/${gone.id}`, headers: { cookie } });
    moveTo(end, 3);
    await t.app.accounts.refreshDue();
    expect((await notificationsOf(cookie)).notifications).toEqual([]);

    const late = await connected(cookie, "facebook");
    const lateEnd = (await rowOf(late.id)).tokenExpiresAt as Date;
    // Nobody swept in its last week (the server was down): at its end it shows expired, and is not "warned".
    await t.db
      .update(socialAccounts)
      .set({ refreshClaimedUntil: new Date(lateEnd.getTime() + DAY) })
      .where(eq(socialAccounts.id, late.id));
    moveTo(lateEnd, -0.5);
    await t.app.accounts.refreshDue();
    await Promise.all([t.app.accounts.refreshDue(), t.app.accounts.refreshDue()]);
    const told = (await notificationsOf(cookie)).notifications;
    expect(told).toMatchObject([
      { kind: "account_expired", title: NOTIFICATION_MESSAGES.accountExpired("Facebook"), link: "/connected-accounts" },
    ]);
    expect((await accountOf(cookie, late.id))?.status).toBe("expired");
  });
});

describe("LinkedIn", () => {
  test("an app without programmatic refresh: warned before the 60-day token ends", async () => {
    const { cookie } = await signedInUser(t.app);
    const linkedin = await connected(cookie, "linkedin");
    expect(linkedin.reconnectBy).not.toBeNull();
    // As LinkedIn answers apps not approved for refresh tokens: an access token alone.
    await t.db
      .update(socialAccounts)
      .set({ refreshToken: null, refreshTokenExpiresAt: null })
      .where(eq(socialAccounts.id, linkedin.id));
    const end = (await rowOf(linkedin.id)).tokenExpiresAt as Date;
    expect((await accountOf(cookie, linkedin.id))?.reconnectBy).toBe(end.toISOString());

    moveTo(end, 8);
    await t.app.accounts.refreshDue();
    expect((await notificationsOf(cookie)).notifications).toEqual([]);
    moveTo(end, 6);
    await t.app.accounts.refreshDue();
    const [warning] = (await notificationsOf(cookie)).notifications;
    expect(warning).toMatchObject({ kind: "account_expiring", platform: "linkedin" });
    expect(warning.message).toContain(EXPIRY_MESSAGES.noRenewal("LinkedIn"));
    expect((await accountOf(cookie, linkedin.id))?.status).toBe("expiring");

    // Nothing to renew it with: the sweep leaves it alone rather than failing on it every minute.
    moveTo(end, 1 / (24 * 60));
    expect(await t.app.accounts.refreshDue()).toEqual({ renewed: 0, rejected: 0, failed: 0 });
    moveTo(end, -1 / 24);
    expect(await t.app.accounts.refreshDue()).toEqual({ renewed: 0, rejected: 0, failed: 0 });
    expect((await accountOf(cookie, linkedin.id))?.status).toBe("expired");
    // Warned before, then told once that it ended.
    await t.app.accounts.refreshDue();
    expect((await notificationsOf(cookie)).notifications.map((n: { kind: string }) => n.kind)).toEqual([
      "account_expired",
      "account_expiring",
    ]);
  });

  test("with refresh tokens: renewed for a year, then warned before the refresh token ends", async () => {
    const { cookie } = await signedInUser(t.app);
    const linkedin = await connected(cookie, "linkedin");
    const row = await rowOf(linkedin.id);
    const refreshEnd = row.refreshTokenExpiresAt as Date;
    expect(refreshEnd.getTime() - t.clock.now().getTime()).toBeGreaterThan(364 * DAY);
    expect(linkedin.reconnectBy).toBe(refreshEnd.toISOString());

    // Renewals every 60 days on the way do not warn anybody.
    await sweepUntil(linkedin.id, refreshEnd, 8);
    moveTo(refreshEnd, 8);
    await t.app.accounts.refreshDue();
    expect((await notificationsOf(cookie)).notifications).toEqual([]);
    expect((await accountOf(cookie, linkedin.id))?.status).toBe("active");

    moveTo(refreshEnd, 6);
    const tokenEnd = (await rowOf(linkedin.id)).tokenExpiresAt as Date;
    await t.app.accounts.refreshDue();
    const [warning] = (await notificationsOf(cookie)).notifications;
    expect(warning).toMatchObject({ kind: "account_expiring", platform: "linkedin" });
    expect(warning.message).toContain(EXPIRY_MESSAGES.renewalEnds("LinkedIn"));
    const shown = await accountOf(cookie, linkedin.id);
    expect(shown?.status).toBe("expiring");
    const lastDay = Math.max(refreshEnd.getTime(), tokenEnd.getTime());
    expect(shown?.reconnectBy).toBe(new Date(lastDay).toISOString());

    // The last renewal before the refresh token ends: the warning stays while the end is still near, and
    // lapses only if the network gave an access token that outlasts the window.
    moveTo(tokenEnd, 5 / (24 * 60));
    if (tokenEnd.getTime() < refreshEnd.getTime()) {
      await t.app.accounts.refreshDue();
      const after = await rowOf(linkedin.id);
      const end = (await accountOf(cookie, linkedin.id))?.reconnectBy ?? null;
      expect(after.expiryWarnedAt === null).toBe(!expiresSoon(end, t.clock.now()));
      expect((await t.db.select().from(notifications)).length).toBe(1);
    }
  });
});
