/**
 * Authorization matrix (issue 16, "CI proves it"): for every /api route with a path parameter, read from the
 * app's own route table (hidden routes included), user B calls it with user A's real id of that kind, with
 * every method the route has, and gets 404 (or 403), and A's data is unchanged afterwards.
 *
 * New routes are covered by themselves: a route whose parameter is in neither table below fails the test
 * until whoever added it says which of A's ids it takes (a fixture in ../fuzz/world.ts) or why it is no id.
 *
 * Scope: /api only. The routes under /sandbox are the fake networks, which answer to their own access
 * tokens, not to the app's users. The public API's copies of the routes (/api/v1/…) are called with B's API key
 * (every scope) instead of B's cookie, and take the same ids as the routes they mirror.
 */
import { PUBLIC_API_PREFIX } from "@app/shared";
import { afterAll, beforeAll, expect, test } from "vitest";
import { paramsOf, parseRouteTree, type RouteEntry } from "../fuzz/routes";
import { buildWorld, createFuzzApp, type FuzzApp, type OwnedIds, type World } from "../fuzz/world";

/** Path parameters that take one of a user's own ids: the kind of A's id to try. */
const OWNED: Record<string, keyof OwnedIds> = {
  "/api/accounts/:id": "account",
  "/api/media/:id": "media",
  "/api/posts/:id": "post",
  "/api/posts/:id/approve": "post",
  "/api/posts/:id/reject": "post",
  "/api/posts/:id/comments": "post",
  "/api/posts/:id/history": "post",
  "/api/analytics/posts/:postId": "post",
  "/api/notifications/:id": "notification",
  "/api/tasks/:id": "task",
  "/api/campaigns/:id": "campaign",
  "/api/posts/:id/duplicate": "post",
  "/api/hashtag-groups/:id": "hashtagGroup",
  "/api/webhooks/:id": "webhook",
  "/api/queue/accounts/:id": "account",
  "/api/workspace/invitations/:id": "invitation",
  "/api/workspace/members/:userId": "member",
  "/api/billing/local/sessions/:token": "billingSession",
  "/api/sessions/:id": "session",
  "/api/inbox/:id": "conversation",
  "/api/inbox/messages/:id": "inboxMessage",
  "/api/api-keys/:id": "apiKey",
};

/** A public API route (/api/v1/…) as the app's route it mirrors (/api/…). */
const mirrored = (path: string) =>
  path.startsWith(`${PUBLIC_API_PREFIX}/`) ? `/api/${path.slice(PUBLIC_API_PREFIX.length + 1)}` : path;

/** Path parameters that are no user's id, each with the reason. */
const NOT_OWNED: Record<string, string> = {
  "/api/oauth/:platform": "a network's name, the same for every user",
  "/api/avatars/:file":
    "an avatar's file name, public as a profile picture (GET only): the name is unguessable and new per upload, and nothing is changed through it",
  "/api/public-media/:link":
    "a signed, expiring link made for the networks to fetch without a session: the link is the permission, and its signature fixes what it names",
  "/api/invitations/:id":
    "an invitation's accept link: the link is the key to what it is for (team.test.ts), and accepting it is checked against the invited e-mail, not against whose id it is",
};

/** Bodies that would change A's data if B were let through. */
const BODIES: Record<string, unknown> = {
  "PATCH /api/posts/:id": { content: "Changed by B", status: "draft", scheduledDate: "", scheduledTime: "" },
  "POST /api/posts/:id/approve": { scheduledDate: "2099-01-01", scheduledTime: "09:00" },
  "POST /api/posts/:id/reject": { comment: "Rejected by B" },
  "POST /api/posts/:id/comments": { body: "Comment by B" },
  "PATCH /api/tasks/:id": { title: "Changed by B", status: "completed" },
  "PATCH /api/campaigns/:id": { name: "Changed by B", status: "completed", utm: true },
  // (a post of nobody's: the campaign is refused first)
  "POST /api/campaigns/:id/posts": { postIds: ["00000000-0000-4000-8000-000000000000"] },
  "PATCH /api/hashtag-groups/:id": { name: "Changed by B", hashtags: ["b"] },
  "PATCH /api/webhooks/:id": { enabled: false, events: ["post.failed"], description: "Changed by B" },
  "PATCH /api/workspace/members/:userId": { role: "contributor" },
  "PATCH /api/inbox/:id": { status: "done", assigneeId: null },
  "POST /api/inbox/:id/read": { read: true },
  "POST /api/inbox/:id/replies": { text: "Reply by B" },
  "POST /api/inbox/:id/notes": { body: "Note by B" },
  "POST /api/inbox/messages/:id/actions": { action: "delete" },
};

let t: FuzzApp;
let world: World;

beforeAll(async () => {
  t = await createFuzzApp();
  world = await buildWorld(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** What A sees of each of their items (and of their lists), to compare before and after B's calls. */
async function snapshotOfA(): Promise<Record<string, unknown>> {
  const get = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url, headers: { cookie: world.a.cookie } });
    return res.statusCode === 200 ? res.json() : { gone: res.statusCode };
  };
  const { ids } = world;
  const accounts = ((await get("/api/accounts")).accounts ?? []) as { id: string }[];
  const notes = ((await get("/api/notifications")).notifications ?? []) as { id: string }[];
  return {
    post: await get(`/api/posts/${ids.post}`),
    comments: await get(`/api/posts/${ids.post}/comments`),
    history: await get(`/api/posts/${ids.post}/history`),
    otherPost: await get(`/api/posts/${ids.otherPost}`),
    posts: await get("/api/posts"),
    media: await get(`/api/media/${ids.media}`),
    mediaFile: (
      await t.app.inject({ method: "GET", url: `/api/media/${ids.media}/file`, headers: { cookie: world.a.cookie } })
    ).statusCode,
    account: accounts.find((a) => a.id === ids.account),
    accounts: accounts.length,
    notification: notes.find((n) => n.id === ids.notification),
    billingSession: await get(`/api/billing/local/sessions/${ids.billingSession}`),
    tasks: await get("/api/tasks"),
    campaign: await get(`/api/campaigns/${ids.campaign}`),
    campaigns: await get("/api/campaigns"),
    hashtagGroups: await get("/api/hashtag-groups"),
    webhooks: await get("/api/webhooks"),
    webhookDeliveries: await get(`/api/webhooks/${ids.webhook}/deliveries`),
    queue: await get("/api/queue"),
    team: await get("/api/workspace"),
    subscription: await get("/api/billing/subscription"),
    sessions: await get("/api/sessions"),
    conversation: await get(`/api/inbox/${ids.conversation}`),
    inbox: await get("/api/inbox?status=all"),
    apiKeys: await get("/api/api-keys"),
  };
}

test("another user gets 404 (or 403) with each of A's ids on every route that takes one, and changes nothing", async () => {
  const table = parseRouteTree(t.app.printRoutes({ commonPrefix: false }));
  // The parser must see every documented route (a guard on the parsing itself).
  const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  for (const [p, methods] of Object.entries(doc.paths)) {
    // (one position may carry several names in the tree, "/:business|:page|:id": compare positions only)
    const shape = (x: string) => x.replace(/:[A-Za-z0-9_|:]+/g, ":");
    const path = shape(p.replace(/\{([^}]+)\}/g, ":$1"));
    const entry = table.find((r) => shape(r.path) === path);
    expect(entry, `${path} in the route table`).toBeDefined();
    for (const m of Object.keys(methods)) expect(entry?.methods, path).toContain(m.toUpperCase());
  }

  const withParams = table.filter((r) => r.path.startsWith("/api/") && paramsOf(r.path).length > 0);
  const unknown = withParams.flatMap((r) =>
    paramsOf(r.path)
      .filter((p) => !(mirrored(p.key) in OWNED) && !(mirrored(p.key) in NOT_OWNED))
      .map((p) => `${r.path} (:${p.name})`),
  );
  expect(
    unknown,
    "routes with a parameter no fixture covers: add its kind to OWNED (and world.ts) or NOT_OWNED",
  ).toEqual([]);

  const before = await snapshotOfA();
  // A reads each of their items (so the ids tried are real ones)
  for (const [key, value] of Object.entries(before)) {
    expect(value, key).toBeDefined();
    expect(JSON.stringify(value), key).not.toMatch(/"gone":/);
  }
  const tried: string[] = [];
  const broken: string[] = [];
  const owned = (r: RouteEntry) => paramsOf(r.path).every((p) => mirrored(p.key) in OWNED);
  for (const route of withParams.filter(owned)) {
    for (const method of route.methods) {
      let url = route.path;
      for (const p of paramsOf(route.path)) {
        url = url.replace(`:${p.name}`, world.ids[OWNED[mirrored(p.key)] as keyof OwnedIds]);
      }
      const body =
        BODIES[`${method} ${mirrored(route.path)}`] ?? (method === "GET" || method === "HEAD" ? undefined : {});
      const credentials =
        mirrored(route.path) === route.path
          ? { cookie: world.b.cookie }
          : { authorization: `Bearer ${world.apiKeys.b}` };
      const res = await t.app.inject({
        method: method as "GET",
        url,
        headers: { ...credentials, origin: t.baseUrl },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      tried.push(`${method} ${route.path}`);
      if (res.statusCode !== 404 && res.statusCode !== 403) {
        broken.push(`${method} ${route.path} as B with A's id -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      if (method !== "GET" && method !== "HEAD" && res.body.includes(world.a.userId)) {
        broken.push(`${method} ${route.path} answered B with A's user id`);
      }
      const after = await snapshotOfA();
      for (const [key, value] of Object.entries(before)) {
        if (JSON.stringify(after[key]) !== JSON.stringify(value)) {
          broken.push(`${method} ${route.path} as B changed A's ${key}`);
        }
      }
    }
  }
  console.log(`authz matrix: ${tried.length} cross-user calls over ${withParams.length} routes with an id`);
  expect(broken).toEqual([]);
  // Every kind of A's ids was tried somewhere, and each route with an owned id at least once per method.
  const kinds = new Set(withParams.flatMap((r) => paramsOf(r.path).map((p) => OWNED[p.key])).filter(Boolean));
  expect([...kinds].sort()).toEqual([
    "account",
    "apiKey",
    "billingSession",
    "campaign",
    "conversation",
    "hashtagGroup",
    "inboxMessage",
    "invitation",
    "media",
    "member",
    "notification",
    "post",
    "session",
    "task",
    "webhook",
  ]);
  expect(tried.length).toBeGreaterThan(20);
  // B's API key tried A's ids on the public API's copies of the routes
  expect(tried.filter((k) => k.includes(` ${PUBLIC_API_PREFIX}/`)).length).toBeGreaterThan(20);
}, 120_000);
