/**
 * Role × action matrix (issue 18): every /api route of the app's route table, called by a member of each role
 * (owner, admin, editor, contributor) of the same workspace. The expectation comes from the permission table
 * (ROLE_PERMISSIONS through `can`): a role allowed gets a 2xx, any other a 403 naming the roles that may. The
 * other-workspace case (404) is authz-matrix.test.ts's.
 *
 * A route in neither table below fails the test until whoever added it says which permission it needs (with a
 * request that exercises it) or why no role decides it.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  APPROVAL_MESSAGES,
  can,
  PUBLIC_API_PREFIX,
  QUEUE_MESSAGES,
  rolesThatCan,
  TASK_MESSAGES,
  WORKSPACE_MESSAGES,
  WORKSPACE_ROLES,
  type WorkspaceAction,
  type WorkspaceResource,
  type WorkspaceRole,
} from "@app/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inboxMessages, notifications, sessions, webhookEndpoints } from "../../src/db/schema";
import { parseRouteTree } from "../fuzz/routes";
import { upload } from "../fuzz/world";
import { createNetworkTestApp, joinWorkspace, type NetworkTestApp, signedInUser } from "../helpers";
import { comment, ingest } from "../inbox";
import { authorize, connect } from "../oauth";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface Request {
  method: Method;
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}
interface World {
  t: NetworkTestApp;
  workspaceId: string;
  cookieOf: Record<WorkspaceRole, string>;
  userIdOf: Record<WorkspaceRole, string>;
  /** gives a member (not the owner) another role */
  setRoleOf: Partial<Record<WorkspaceRole, (role: WorkspaceRole) => Promise<void>>>;
  owner: string;
  linkedin: string;
  facebook: string;
  pinterest: string;
  tiktok: string;
  media: string;
}

/** Who may call a route: a permission of the table, or any member of the workspace. */
type Needs = { [R in WorkspaceResource]: readonly [R, WorkspaceAction<R>] }[WorkspaceResource] | "member";

interface Case {
  needs: Needs;
  /** the call, with whatever it needs made first by the owner (fresh for each role, so each call can succeed) */
  request(w: World, role: WorkspaceRole): Promise<Request>;
  /** where a 2xx needs a state the matrix does not make: the role check passed when the answer is no 403 */
  passedWhen?: "not-forbidden";
  /** a more precise refusal than the role table's for this call (e.g. "submit it for approval instead") */
  refusal?: string;
}

const TZ = "Europe/Paris";
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function call(w: World, cookie: string, r: Request) {
  return w.t.app.inject({ method: r.method, url: r.url, payload: r.payload, headers: { ...r.headers, cookie } });
}
async function asOwner(w: World, r: Request) {
  const res = await call(w, w.owner, r);
  if (res.statusCode >= 300) throw new Error(`${r.method} ${r.url} as owner: ${res.statusCode} ${res.body}`);
  return res.json();
}
const post = (w: World, status: "draft" | "scheduled" | "pending_approval") =>
  asOwner(w, {
    method: "POST",
    url: "/api/posts",
    payload: {
      content: `A ${status} post`,
      accountIds: [w.linkedin],
      scheduledDate: day(3),
      scheduledTime: "10:00",
      timezone: TZ,
      status,
    },
  }).then((b) => b.post.id as string);
let seq = 0;
const freshLinkedin = async (w: World) =>
  (await connect(w.t, w.owner, "linkedin", `linkedin_matrix_${++seq}`)).json().account.id as string;
const freshMember = async (w: World) => (await joinWorkspace(w.t, { cookie: w.owner }, "contributor")).userId;
const invitation = async (w: World) =>
  (
    await asOwner(w, {
      method: "POST",
      url: "/api/workspace/invitations",
      payload: { email: `invitee-${++seq}@example.com`, role: "editor" },
    })
  ).invitation.id as string;
/** A conversation on the matrix's LinkedIn account (a comment, as a collection stores it): its id and its first message's. */
const inboxConversation = async (w: World) => {
  const networkId = `matrix-comment-${++seq}`;
  const out = await ingest(
    w.t.db,
    { workspaceId: w.workspaceId, id: w.linkedin, platform: "linkedin" },
    [comment("matrix-post", new Date(), { networkId })],
    new Date(),
  );
  const [message] = await w.t.db
    .select({ id: inboxMessages.id })
    .from(inboxMessages)
    .where(eq(inboxMessages.networkId, networkId));
  return { id: out.conversationIds[0] as string, messageId: message?.id as string };
};
/** Time slots every day at 09:00 and 21:00. */
const DAILY_SLOTS = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
  { weekday, time: "09:00" },
  { weekday, time: "21:00" },
]);
/** A fresh LinkedIn account with slots of its own, a post the owner queued on it, and its next empty slot. */
const queuedOnFresh = async (w: World) => {
  const account = await freshLinkedin(w);
  await asOwner(w, { method: "PUT", url: "/api/queue/slots", payload: { accountId: account, slots: DAILY_SLOTS } });
  const queued = await asOwner(w, {
    method: "POST",
    url: "/api/posts",
    payload: { content: `Queued ${++seq}`, accountIds: [account], timezone: TZ, status: "scheduled", queue: true },
  });
  const q = await asOwner(w, { method: "GET", url: `/api/queue?accountId=${account}&count=3` });
  const empty = (q.queues[0].entries as { at: string; post: unknown }[]).find((e) => e.post === null)?.at;
  return { account, postId: queued.post.id as string, empty };
};
const task = async (w: World) =>
  (await asOwner(w, { method: "POST", url: "/api/tasks", payload: { title: `Task ${++seq}` } })).task.id as string;
const campaign = async (w: World) =>
  (await asOwner(w, { method: "POST", url: "/api/campaigns", payload: { name: `Campaign ${++seq}` } })).campaign
    .id as string;
const hashtagGroup = async (w: World) =>
  (
    await asOwner(w, {
      method: "POST",
      url: "/api/hashtag-groups",
      payload: { name: `Owner's group ${++seq}`, hashtags: ["owner"] },
    })
  ).group.id as string;
/** A public address (an IP: nothing is resolved) for webhook endpoints. */
const HOOK_URL = "https://93.184.215.14/hooks";
/**
 * One webhook endpoint of the owner's for the calls that keep it (a workspace has at most 20), its address then
 * moved to a private one as a DNS change would: Send test is refused at once instead of calling out.
 */
let hook: Promise<string> | undefined;
const webhook = (w: World) => {
  hook ??= asOwner(w, {
    method: "POST",
    url: "/api/webhooks",
    payload: { url: HOOK_URL, events: ["post.failed"] },
  }).then(async (b) => {
    await w.t.db
      .update(webhookEndpoints)
      .set({ url: "http://127.0.0.1:9/hook" })
      .where(eq(webhookEndpoints.id, b.webhook.id));
    return b.webhook.id as string;
  });
  return hook;
};
/** One portal session of the owner's, for every portal action (opening portals is rate limited). */
let portal: Promise<string> | undefined;
const portalToken = (w: World) => {
  portal ??= asOwner(w, { method: "POST", url: "/api/billing/portal" }).then(
    (b) => new URL(b.url).searchParams.get("session") ?? "",
  );
  return portal;
};
const localAction = (action: string): Case => ({
  needs: ["billing", "manage"],
  request: async (w) => ({ method: "POST", url: `/api/billing/local/sessions/${await portalToken(w)}/${action}` }),
  passedWhen: "not-forbidden",
});

/** A CSV file of one post to the matrix's LinkedIn account, imported (or previewed) as scheduled. */
const csvImport = (url: string): Case => ({
  needs: ["post", "schedule"],
  request: async (w) => {
    const boundary = `----csv${++seq}`;
    const file = `date,time,text,accounts\r\n${day(4)},11:00,Imported by a member,${w.linkedin}\r\n`;
    return {
      method: "POST",
      url: `${url}?mode=scheduled&timezone=${encodeURIComponent(TZ)}`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="posts.csv"\r\n\r\n${file}\r\n--${boundary}--\r\n`,
      ),
    };
  },
});

const get = (url: string | ((w: World) => string | Promise<string>)): Case => ({
  needs: "member",
  request: async (w) => ({ method: "GET", url: typeof url === "string" ? url : await url(w) }),
});

/** Each route and method, by "METHOD /path" as the route table names it. */
const CASES: Record<string, Case> = {
  "GET /api/me": get("/api/me"),
  "GET /api/networks": get("/api/networks"),
  "GET /api/usage": get(`/api/usage?timezone=${TZ}`),
  "GET /api/events": get("/api/events"),
  "GET /api/accounts": get("/api/accounts"),
  "GET /api/accounts/:id/profile": get((w) => `/api/accounts/${w.linkedin}/profile`),
  "GET /api/accounts/:id/facebook-pages": get((w) => `/api/accounts/${w.facebook}/facebook-pages`),
  "GET /api/accounts/:id/pinterest-boards": get((w) => `/api/accounts/${w.pinterest}/pinterest-boards`),
  "GET /api/accounts/:id/tiktok-creator": get((w) => `/api/accounts/${w.tiktok}/tiktok-creator`),
  "GET /api/accounts/:id/linkedin-organizations": get((w) => `/api/accounts/${w.linkedin}/linkedin-organizations`),
  "POST /api/oauth/:platform/initiate": {
    needs: ["account", "manage"],
    request: async () => ({ method: "POST", url: "/api/oauth/linkedin/initiate", payload: {} }),
  },
  "POST /api/oauth/:platform/callback": {
    needs: ["account", "manage"],
    // A connection the member started as an admin, finished in their own role: the role is checked again.
    request: async (w, role) => {
      const cookie = w.cookieOf[role];
      await w.setRoleOf[role]?.("admin");
      const { code, state } = await authorize(w.t, cookie, "linkedin", `linkedin_cb_${++seq}`);
      await w.setRoleOf[role]?.(role);
      return { method: "POST", url: "/api/oauth/linkedin/callback", payload: { code, state } };
    },
  },
  "DELETE /api/accounts/:id": {
    needs: ["account", "manage"],
    request: async (w) => ({ method: "DELETE", url: `/api/accounts/${await freshLinkedin(w)}` }),
  },
  "POST /api/accounts/:id/refresh": {
    needs: ["account", "manage"],
    request: async (w) => ({ method: "POST", url: `/api/accounts/${w.linkedin}/refresh` }),
  },

  "GET /api/media": get("/api/media"),
  "GET /api/media/:id": get((w) => `/api/media/${w.media}`),
  "GET /api/media/:id/file": get((w) => `/api/media/${w.media}/file`),
  "POST /api/media": {
    needs: ["media", "upload"],
    // The upload helper sends the multipart body itself; see the special case in the test below.
    request: async () => ({ method: "POST", url: "/api/media" }),
  },
  "DELETE /api/media/:id": {
    needs: ["media", "delete"],
    request: async (w) => ({
      method: "DELETE",
      url: `/api/media/${await upload(w.t, w.owner, `x${++seq}.png`, await pngBytes())}`,
    }),
  },

  "GET /api/posts": get("/api/posts"),
  "GET /api/posts/export.csv": get("/api/posts/export.csv"),
  "GET /api/posts/import/template.csv": get("/api/posts/import/template.csv"),
  "POST /api/posts/import/preview": csvImport("/api/posts/import/preview"),
  "POST /api/posts/import": csvImport("/api/posts/import"),
  "GET /api/posts/calendar": get(`/api/posts/calendar?from=${day(-1)}T00:00:00Z&to=${day(30)}T00:00:00Z`),
  "GET /api/posts/:id": get(async (w) => `/api/posts/${await post(w, "draft")}`),
  "GET /api/posts/:id/comments": get(async (w) => `/api/posts/${await post(w, "draft")}/comments`),
  "GET /api/posts/:id/history": get(async (w) => `/api/posts/${await post(w, "draft")}/history`),
  "POST /api/posts/:id/comments": {
    needs: "member",
    request: async (w) => ({
      method: "POST",
      url: `/api/posts/${await post(w, "pending_approval")}/comments`,
      payload: { body: "Looks good" },
    }),
  },
  "POST /api/posts": {
    needs: ["post", "schedule"],
    request: async (w) => ({
      method: "POST",
      url: "/api/posts",
      payload: {
        content: "Scheduled by a member",
        accountIds: [w.linkedin],
        scheduledDate: day(4),
        scheduledTime: "11:00",
        timezone: TZ,
        status: "scheduled",
      },
    }),
    refusal: APPROVAL_MESSAGES.needsApproval,
  },
  "PATCH /api/posts/:id": {
    needs: ["post", "schedule"],
    request: async (w) => ({
      method: "PATCH",
      url: `/api/posts/${await post(w, "draft")}`,
      payload: { status: "scheduled" },
    }),
    refusal: APPROVAL_MESSAGES.needsApproval,
  },
  "DELETE /api/posts/:id": {
    needs: ["post", "delete"],
    request: async (w) => ({ method: "DELETE", url: `/api/posts/${await post(w, "scheduled")}` }),
  },
  "POST /api/posts/:id/publish": {
    needs: ["post", "schedule"],
    request: async (w) => ({ method: "POST", url: `/api/posts/${await post(w, "scheduled")}/publish` }),
    refusal: APPROVAL_MESSAGES.needsApproval,
  },
  "POST /api/posts/:id/duplicate": {
    needs: ["post", "draft"],
    // Any post of the workspace (here the owner's scheduled one) becomes a draft of the caller's.
    request: async (w) => ({ method: "POST", url: `/api/posts/${await post(w, "scheduled")}/duplicate` }),
  },
  "POST /api/posts/:id/retry": {
    needs: ["post", "schedule"],
    // Nothing failed: an allowed role is told there is nothing to retry, the others that they may not.
    request: async (w) => ({ method: "POST", url: `/api/posts/${await post(w, "scheduled")}/retry` }),
    passedWhen: "not-forbidden",
  },
  "POST /api/posts/:id/approve": {
    needs: ["post", "approve"],
    request: async (w) => ({
      method: "POST",
      url: `/api/posts/${await post(w, "pending_approval")}/approve`,
      payload: {},
    }),
  },
  "POST /api/posts/:id/reject": {
    needs: ["post", "approve"],
    request: async (w) => ({
      method: "POST",
      url: `/api/posts/${await post(w, "pending_approval")}/reject`,
      payload: { comment: "Shorter, please" },
    }),
  },
  "GET /api/approvals": { needs: ["post", "approve"], request: async () => ({ method: "GET", url: "/api/approvals" }) },

  "GET /api/dashboard": get(`/api/dashboard?tz=${TZ}`),
  "GET /api/analytics": get(`/api/analytics?tz=${TZ}`),
  "GET /api/analytics/posts": get(`/api/analytics/posts?tz=${TZ}`),
  "GET /api/analytics/posts/:postId": get(async (w) => `/api/analytics/posts/${await post(w, "scheduled")}`),
  "GET /api/analytics/export.csv": get(`/api/analytics/export.csv?tz=${TZ}`),
  "GET /api/engagement": get(`/api/engagement?tz=${TZ}`),
  "GET /api/results/weekly": get(`/api/results/weekly?tz=${TZ}`),
  "GET /api/results/best-times": get(`/api/results/best-times?tz=${TZ}`),

  "GET /api/notifications": get("/api/notifications"),
  "POST /api/notifications/read": {
    needs: "member",
    request: async () => ({ method: "POST", url: "/api/notifications/read" }),
  },
  "POST /api/notifications/:id/read": {
    needs: "member",
    // Each member's own notification (another's is a 404 to them: see notifications.test.ts).
    request: async (w, role) => {
      const [row] = await w.t.db
        .insert(notifications)
        .values({
          workspaceId: w.workspaceId,
          userId: w.userIdOf[role],
          kind: "publish_failed",
          message: "A test notification",
        })
        .returning();
      return { method: "POST", url: `/api/notifications/${row?.id}/read` };
    },
  },

  "GET /api/sessions": get("/api/sessions"),
  "DELETE /api/sessions/:id": {
    needs: "member",
    // another session of the caller's own, as a second browser's sign-in writes it
    request: async (w, role) => {
      const id = `matrix-session-${++seq}`;
      await w.t.db.insert(sessions).values({
        id,
        token: `${id}-token`,
        userId: w.userIdOf[role],
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      return { method: "DELETE", url: `/api/sessions/${id}` };
    },
  },
  "POST /api/sessions/revoke-others": {
    needs: "member",
    request: async () => ({ method: "POST", url: "/api/sessions/revoke-others" }),
  },

  "GET /api/tasks": get("/api/tasks"),
  "POST /api/tasks": {
    needs: ["task", "create"],
    request: async () => ({ method: "POST", url: "/api/tasks", payload: { title: "A member's task" } }),
  },
  "PATCH /api/tasks/:id": {
    needs: ["task", "manage"],
    request: async (w) => ({ method: "PATCH", url: `/api/tasks/${await task(w)}`, payload: { status: "completed" } }),
    refusal: TASK_MESSAGES.notYours,
  },
  "DELETE /api/tasks/:id": {
    needs: ["task", "manage"],
    request: async (w) => ({ method: "DELETE", url: `/api/tasks/${await task(w)}` }),
    refusal: TASK_MESSAGES.notYours,
  },

  // Campaigns: every member reads them; campaign.manage makes, changes, deletes and fills them (campaigns.test.ts).
  "GET /api/campaigns": get(`/api/campaigns?tz=${TZ}`),
  "GET /api/campaigns/:id": get(async (w) => `/api/campaigns/${await campaign(w)}?tz=${TZ}`),
  "GET /api/campaigns/:id/export.csv": get(async (w) => `/api/campaigns/${await campaign(w)}/export.csv`),
  "POST /api/campaigns": {
    needs: ["campaign", "manage"],
    request: async () => ({ method: "POST", url: "/api/campaigns", payload: { name: "A member's campaign" } }),
  },
  "PATCH /api/campaigns/:id": {
    needs: ["campaign", "manage"],
    request: async (w) => ({
      method: "PATCH",
      url: `/api/campaigns/${await campaign(w)}`,
      payload: { status: "active", endDate: day(10) },
    }),
  },
  "DELETE /api/campaigns/:id": {
    needs: ["campaign", "manage"],
    request: async (w) => ({ method: "DELETE", url: `/api/campaigns/${await campaign(w)}` }),
  },
  "POST /api/campaigns/:id/posts": {
    needs: ["campaign", "manage"],
    request: async (w) => ({
      method: "POST",
      url: `/api/campaigns/${await campaign(w)}/posts`,
      payload: { postIds: [await post(w, "scheduled")] },
    }),
  },

  // Saved hashtag groups: every member reads them; post.draft saves, changes and deletes them (post-tools.test.ts).
  "GET /api/hashtag-groups": get("/api/hashtag-groups"),
  "POST /api/hashtag-groups": {
    needs: ["post", "draft"],
    request: async () => ({
      method: "POST",
      url: "/api/hashtag-groups",
      payload: { name: `Group ${++seq}`, hashtags: ["matrix"] },
    }),
  },
  "PATCH /api/hashtag-groups/:id": {
    needs: ["post", "draft"],
    request: async (w) => ({
      method: "PATCH",
      url: `/api/hashtag-groups/${await hashtagGroup(w)}`,
      payload: { name: `Renamed ${++seq}`, hashtags: ["renamed"] },
    }),
  },
  "DELETE /api/hashtag-groups/:id": {
    needs: ["post", "draft"],
    request: async (w) => ({ method: "DELETE", url: `/api/hashtag-groups/${await hashtagGroup(w)}` }),
  },

  // The queue of time slots: every member reads it; slots, pausing, moving and queueing are post.schedule, the
  // workspace's time zone organization.update (queue.test.ts).
  "GET /api/queue": get("/api/queue"),
  "PUT /api/queue/slots": {
    needs: ["post", "schedule"],
    request: async () => ({ method: "PUT", url: "/api/queue/slots", payload: { accountId: null, slots: DAILY_SLOTS } }),
  },
  "PUT /api/queue/time-zone": {
    needs: ["organization", "update"],
    request: async () => ({ method: "PUT", url: "/api/queue/time-zone", payload: { timeZone: TZ } }),
  },
  "POST /api/queue/accounts/:id/pause": {
    needs: ["post", "schedule"],
    request: async (w) => ({ method: "POST", url: `/api/queue/accounts/${await freshLinkedin(w)}/pause` }),
  },
  "POST /api/queue/accounts/:id/resume": {
    needs: ["post", "schedule"],
    request: async (w) => {
      const account = await freshLinkedin(w);
      await asOwner(w, { method: "POST", url: `/api/queue/accounts/${account}/pause` });
      return { method: "POST", url: `/api/queue/accounts/${account}/resume` };
    },
  },
  "POST /api/queue/move": {
    needs: ["post", "schedule"],
    request: async (w) => {
      const q = await queuedOnFresh(w);
      return {
        method: "POST",
        url: "/api/queue/move",
        payload: { postId: q.postId, accountId: q.account, to: q.empty },
      };
    },
  },
  "POST /api/posts/:id/queue": {
    needs: ["post", "schedule"],
    request: async (w) => {
      await asOwner(w, { method: "PUT", url: "/api/queue/slots", payload: { accountId: null, slots: DAILY_SLOTS } });
      return { method: "POST", url: `/api/posts/${await post(w, "draft")}/queue` };
    },
    refusal: QUEUE_MESSAGES.submitInstead,
  },

  // Engagement → Inbox: reading, assigning, done, read marks and notes for every member (inbox.test.ts).
  "GET /api/inbox": get("/api/inbox?status=all"),
  "GET /api/inbox/summary": get("/api/inbox/summary"),
  "GET /api/inbox/:id": get(async (w) => `/api/inbox/${(await inboxConversation(w)).id}`),
  "PATCH /api/inbox/:id": {
    needs: "member",
    request: async (w, role) => ({
      method: "PATCH",
      url: `/api/inbox/${(await inboxConversation(w)).id}`,
      payload: { status: "done", assigneeId: w.userIdOf[role] },
    }),
  },
  "POST /api/inbox/:id/read": {
    needs: "member",
    request: async (w) => ({
      method: "POST",
      url: `/api/inbox/${(await inboxConversation(w)).id}/read`,
      payload: { read: true },
    }),
  },
  "POST /api/inbox/:id/notes": {
    needs: "member",
    request: async (w) => ({
      method: "POST",
      url: `/api/inbox/${(await inboxConversation(w)).id}/notes`,
      payload: { body: "Called them back" },
    }),
  },
  "POST /api/inbox/:id/replies": {
    needs: ["inbox", "reply"],
    request: async (w) => ({
      method: "POST",
      url: `/api/inbox/${(await inboxConversation(w)).id}/replies`,
      payload: { text: "Thanks for asking!" },
    }),
  },
  "POST /api/inbox/messages/:id/actions": {
    needs: ["inbox", "moderate"],
    // LinkedIn lets apps like no comment: a role allowed is told so (409), the others that they may not.
    request: async (w) => ({
      method: "POST",
      url: `/api/inbox/messages/${(await inboxConversation(w)).messageId}/actions`,
      payload: { action: "like" },
    }),
    passedWhen: "not-forbidden",
  },

  "GET /api/workspace": get("/api/workspace"),
  "PATCH /api/workspace": {
    needs: ["organization", "update"],
    request: async () => ({ method: "PATCH", url: "/api/workspace", payload: { postsNeedApproval: false } }),
  },
  "DELETE /api/workspace": {
    needs: ["organization", "delete"],
    // The matrix's workspace is its owner's personal one, which stays: the owner is told so (team.test.ts deletes one).
    request: async () => ({ method: "DELETE", url: "/api/workspace" }),
    passedWhen: "not-forbidden",
  },
  "GET /api/workspaces": get("/api/workspaces"),
  "POST /api/workspaces/active": {
    needs: "member",
    request: async (w) => ({ method: "POST", url: "/api/workspaces/active", payload: { workspaceId: w.workspaceId } }),
  },
  "POST /api/presence": {
    needs: "member",
    request: async () => ({ method: "POST", url: "/api/presence", payload: { active: true } }),
  },
  "POST /api/workspace/invitations": {
    needs: ["invitation", "create"],
    request: async () => ({
      method: "POST",
      url: "/api/workspace/invitations",
      payload: { email: `matrix-${++seq}@example.com`, role: "contributor" },
    }),
  },
  "POST /api/workspace/invitations/:id/resend": {
    needs: ["invitation", "create"],
    request: async (w) => ({ method: "POST", url: `/api/workspace/invitations/${await invitation(w)}/resend` }),
  },
  "DELETE /api/workspace/invitations/:id": {
    needs: ["invitation", "cancel"],
    request: async (w) => ({ method: "DELETE", url: `/api/workspace/invitations/${await invitation(w)}` }),
  },
  "PATCH /api/workspace/members/:userId": {
    needs: ["member", "update"],
    request: async (w) => ({
      method: "PATCH",
      url: `/api/workspace/members/${await freshMember(w)}`,
      payload: { role: "editor" },
    }),
  },
  "POST /api/workspace/owner": {
    needs: ["organization", "transfer"],
    // A wrong password: the owner's call passes the role check and stops at the password (400), so the matrix's
    // workspace keeps its owner; every other role is refused before a password is tried.
    request: async (w) => ({
      method: "POST",
      url: "/api/workspace/owner",
      payload: { userId: await freshMember(w), password: "not-the-password" },
    }),
    passedWhen: "not-forbidden",
  },
  "DELETE /api/workspace/members/:userId": {
    needs: ["member", "delete"],
    request: async (w) => ({ method: "DELETE", url: `/api/workspace/members/${await freshMember(w)}` }),
  },

  "GET /api/billing/subscription": get("/api/billing/subscription"),
  "POST /api/billing/checkout": {
    needs: ["billing", "manage"],
    request: async () => ({ method: "POST", url: "/api/billing/checkout" }),
    // The workspace is on Premium already: an allowed role is told so.
    passedWhen: "not-forbidden",
  },
  "POST /api/billing/portal": {
    needs: ["billing", "manage"],
    request: async () => ({ method: "POST", url: "/api/billing/portal" }),
  },
  // What the plan is, as GET /api/billing/subscription tells every member.
  "GET /api/billing/local/sessions/:token": get(async (w) => `/api/billing/local/sessions/${await portalToken(w)}`),
  "POST /api/billing/local/sessions/:token/complete": localAction("complete"),
  "POST /api/billing/local/sessions/:token/resume": localAction("resume"),
  "POST /api/billing/local/sessions/:token/renew": localAction("renew"),
  "POST /api/billing/local/sessions/:token/cancel": localAction("cancel"),

  // Settings → Account: the user's own data (user-account.test.ts).
  "GET /api/account/export": get("/api/account/export"),
  "POST /api/account/delete": {
    needs: "member",
    // A wrong password: refused as such (user-account.test.ts deletes accounts), past the role check.
    request: async () => ({
      method: "POST",
      url: "/api/account/delete",
      payload: { password: "not-the-password", confirm: "DELETE" },
    }),
    passedWhen: "not-forbidden",
  },

  // Settings → Profile: the user's own (profile.test.ts).
  "GET /api/profile": get("/api/profile"),
  "PATCH /api/profile": {
    needs: "member",
    request: async () => ({ method: "PATCH", url: "/api/profile", payload: { timezone: TZ } }),
  },
  "POST /api/profile/avatar": {
    needs: "member",
    // No file: refused as such (profile.test.ts uploads them), past the role check.
    request: async () => ({ method: "POST", url: "/api/profile/avatar" }),
    passedWhen: "not-forbidden",
  },
  "DELETE /api/profile/avatar": {
    needs: "member",
    request: async () => ({ method: "DELETE", url: "/api/profile/avatar" }),
  },
  "POST /api/profile/email": {
    needs: "member",
    request: async () => ({
      method: "POST",
      url: "/api/profile/email",
      payload: { newEmail: `matrix-new-${++seq}@example.com` },
    }),
  },

  // Settings → API keys (issue 24): owners and admins (api-keys.test.ts).
  "GET /api/api-keys": {
    needs: ["integration", "manage"],
    request: async () => ({ method: "GET", url: "/api/api-keys" }),
  },
  "POST /api/api-keys": {
    needs: ["integration", "manage"],
    request: async () => ({ method: "POST", url: "/api/api-keys", payload: { name: "Automation", scopes: ["read"] } }),
  },
  "DELETE /api/api-keys/:id": {
    needs: ["integration", "manage"],
    request: async (w) => {
      const { key } = await asOwner(w, {
        method: "POST",
        url: "/api/api-keys",
        payload: { name: "To revoke", scopes: ["read"] },
      });
      return { method: "DELETE", url: `/api/api-keys/${key.id}` };
    },
  },

  // Settings → Webhooks (issue 24): owners and admins (webhooks.test.ts).
  "GET /api/webhooks": {
    needs: ["integration", "manage"],
    request: async () => ({ method: "GET", url: "/api/webhooks" }),
  },
  "POST /api/webhooks": {
    needs: ["integration", "manage"],
    request: async () => ({
      method: "POST",
      url: "/api/webhooks",
      payload: { url: HOOK_URL, events: ["post.failed"] },
    }),
  },
  "PATCH /api/webhooks/:id": {
    needs: ["integration", "manage"],
    request: async (w) => ({ method: "PATCH", url: `/api/webhooks/${await webhook(w)}`, payload: { enabled: true } }),
  },
  "DELETE /api/webhooks/:id": {
    needs: ["integration", "manage"],
    request: async (w) => {
      const { webhook: made } = await asOwner(w, {
        method: "POST",
        url: "/api/webhooks",
        payload: { url: HOOK_URL, events: ["post.failed"] },
      });
      return { method: "DELETE", url: `/api/webhooks/${made.id}` };
    },
  },
  "POST /api/webhooks/:id/test": {
    needs: ["integration", "manage"],
    request: async (w) => ({ method: "POST", url: `/api/webhooks/${await webhook(w)}/test` }),
  },
  "GET /api/webhooks/:id/deliveries": {
    needs: ["integration", "manage"],
    request: async (w) => ({ method: "GET", url: `/api/webhooks/${await webhook(w)}/deliveries` }),
  },

  // Settings → Notifications: the user's own channels (notification-emails.test.ts).
  "GET /api/notification-preferences": get("/api/notification-preferences"),
  "PUT /api/notification-preferences": {
    needs: "member",
    request: async () => ({
      method: "PUT",
      url: "/api/notification-preferences",
      payload: { preferences: { new_likes: "in_app" } },
    }),
  },
};

/** Routes no workspace role decides, each with the reason. */
const NO_ROLE: Record<string, string> = {
  "GET /api/health": "the server's health, for load balancers",
  "GET /api/openapi.json": "the API's description, public",
  "GET /api/public-media/:link": "a signed link made for the networks: the link is the permission",
  "GET /api/invitations/:id": "the accept page: the link is the key",
  "GET /api/avatars/:file":
    "an avatar's image, public as a profile picture: its name is unguessable and new per upload",
  "POST /api/unsubscribe":
    "an e-mail's unsubscribe link, no sign-in: its signed token names the user and the kind (notification-emails.test.ts)",
  "POST /api/unsubscribe/one-click":
    "a mail client's one-click unsubscribe (RFC 8058), no sign-in: the signed token in its query names the user and the kind (notification-emails.test.ts)",
  "GET /api/unsubscribe/one-click":
    "the one-click address opened in a browser: sends to the confirmation page, changes nothing",
  "GET /api/inbox/webhooks/facebook":
    "Meta's check of the webhook's address: the verify token is the permission (inbox-webhooks.test.ts); 404 here (not a public address)",
  "POST /api/inbox/webhooks/facebook":
    "Meta's Page events, signed with the app secret over the body (inbox-webhooks.test.ts); 404 here (not a public address)",
  "GET /api/inbox/webhooks/instagram": "as the Facebook one, with the Instagram app's secret",
  "POST /api/inbox/webhooks/instagram": "as the Facebook one, with the Instagram app's secret",
  "POST /api/invitations/:id/accept": "checked against the invited e-mail address; the invitee has no role yet",
  "POST /api/workspaces": "a user makes a workspace of their own, whatever their role elsewhere (team.test.ts)",
  "POST /api/mcp":
    "the MCP server: an API key, never a session (401 here); each tool checks the key's scope, then its member's role through the services (mcp.test.ts)",
  "GET /api/mcp": "405: the MCP server keeps no session and opens no stream",
  "DELETE /api/mcp": "405: the MCP server keeps no session and opens no stream",
  "POST /api/billing/local/sessions/:token/expire":
    "test mode's end of the period: the same check as cancel (local-billing.ts change()), and it would end the Premium the other cases need",
};

let w: World;
const pngBytes = () => readFile(path.join(import.meta.dirname, "../fixtures/sample.png"));

beforeAll(async () => {
  const t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
  const owner = await signedInUser(t.app);
  const me = (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: owner.cookie } })).json();
  const partial = { t, owner: owner.cookie, workspaceId: me.workspace.id as string } as World;
  const checkout = await asOwner(partial, { method: "POST", url: "/api/billing/checkout" });
  const token = new URL(checkout.url).searchParams.get("session");
  await asOwner(partial, { method: "POST", url: `/api/billing/local/sessions/${token}/complete` });
  const cookieOf = { owner: owner.cookie } as Record<WorkspaceRole, string>;
  const userIdOf = { owner: me.user.id } as Record<WorkspaceRole, string>;
  const setRoleOf: World["setRoleOf"] = {};
  for (const role of WORKSPACE_ROLES.filter((r) => r !== "owner")) {
    const joined = await joinWorkspace(t, owner, role);
    cookieOf[role] = joined.cookie;
    userIdOf[role] = joined.userId;
    setRoleOf[role] = joined.setRole;
  }
  const account = async (platform: "linkedin" | "facebook" | "pinterest" | "tiktok") =>
    (await connect(t, owner.cookie, platform)).json().account.id as string;
  w = {
    ...partial,
    cookieOf,
    userIdOf,
    setRoleOf,
    linkedin: await account("linkedin"),
    facebook: await account("facebook"),
    pinterest: await account("pinterest"),
    tiktok: await account("tiktok"),
    media: await upload(t, owner.cookie, "library.png", await pngBytes()),
  };
}, 120_000);

afterAll(async () => {
  await w?.t.close();
});

test("every /api route is in the matrix or says why no role decides it", () => {
  // The public API's copies (/api/v1/…) run these same routes' handlers, with their role checks, as the key's
  // creator: public-api.test.ts checks them (a key of a member demoted to contributor cannot schedule).
  const routes = parseRouteTree(w.t.app.printRoutes({ commonPrefix: false }))
    .filter((r) => r.path.startsWith("/api/") && !r.path.startsWith("/api/docs") && !r.path.startsWith("/api/auth"))
    .filter((r) => !r.path.startsWith(`${PUBLIC_API_PREFIX}/`))
    .flatMap((r) => r.methods.filter((m) => m !== "HEAD").map((m) => `${m} ${r.path}`));
  const unlisted = routes.filter((key) => !(key in CASES) && !(key in NO_ROLE));
  expect(unlisted, "add each to CASES (its permission and a request) or to NO_ROLE (why)").toEqual([]);
  const gone = [...Object.keys(CASES), ...Object.keys(NO_ROLE)].filter((key) => !routes.includes(key));
  expect(gone, "listed routes the app no longer has").toEqual([]);
});

describe.each(Object.entries(CASES))("%s", (key, c) => {
  test.each(WORKSPACE_ROLES)("as %s", async (role) => {
    const allowed = c.needs === "member" || can(role, c.needs[0], c.needs[1] as never);
    const request = await c.request(w, role);
    const cookie = w.cookieOf[role];
    if (key === "GET /api/events") {
      // A stream stays open: its status is all this needs.
      const stream = await fetch(`${w.t.baseUrl}${request.url}`, { headers: { cookie } });
      await stream.body?.cancel();
      expect(stream.status).toBe(200);
      return;
    }
    if (key === "POST /api/media") {
      const status = await upload(w.t, cookie, `m${++seq}.png`, await pngBytes()).then(
        () => 201,
        (err: Error) => Number(/upload: (\d+)/.exec(err.message)?.[1] ?? 0),
      );
      expect(status === 201).toBe(allowed);
      if (!allowed) expect(status).toBe(403);
      return;
    }
    const res = await call(w, cookie, request);
    const detail = `${key} as ${role}: ${res.statusCode} ${res.body.slice(0, 300)}`;
    if (allowed) {
      if (c.passedWhen === "not-forbidden") expect(res.statusCode !== 403 && res.statusCode < 500, detail).toBe(true);
      else expect(res.statusCode >= 200 && res.statusCode < 300, detail).toBe(true);
    } else {
      expect(res.statusCode, detail).toBe(403);
      const needs = c.needs as Exclude<Needs, "member">;
      const message = res.json().error.message;
      const expected = [WORKSPACE_MESSAGES.notAllowed(rolesThatCan(needs[0], needs[1] as never))];
      if (c.refusal) expected.push(c.refusal);
      expect(expected, detail).toContain(message);
    }
  });
});
