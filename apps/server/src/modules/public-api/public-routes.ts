import type { ApiKeyScope } from "@app/shared";
import type { FastifyRequest } from "fastify";

/** The scope a mirrored route needs: one for every call, or one read from the call (its body is parsed then). */
export type ScopeRule = ApiKeyScope | ((request: FastifyRequest) => ApiKeyScope);

type Body = Record<string, unknown> | undefined;
const bodyOf = (request: FastifyRequest) => request.body as Body;

/** A new post: publish when it goes out (scheduled, Add to queue, Publish now); write for a draft or a submission. */
const newPostScope: ScopeRule = (request) => {
  const body = bodyOf(request);
  return body?.status === "scheduled" || body?.queue === true || body?.publishNow === true ? "publish" : "write";
};

/**
 * A change of a post: publish when it schedules the post or may move its time (status "scheduled", a date, a time
 * or a time zone sent), write otherwise. Kept simple on purpose: a draft's new date needs publish too.
 */
const postChangeScope: ScopeRule = (request) => {
  const body = bodyOf(request);
  return body?.status === "scheduled" ||
    body?.scheduledDate !== undefined ||
    body?.scheduledTime !== undefined ||
    body?.timezone !== undefined
    ? "publish"
    : "write";
};

/** A CSV import: drafts and submissions for approval are write; rows scheduled or queued are publish. */
const importScope: ScopeRule = (request) => {
  const mode = (request.query as { mode?: string } | undefined)?.mode;
  return mode === "draft" || mode === "pending_approval" ? "write" : "publish";
};

/**
 * The public API (issue 24): which of the app's routes answer under /api/v1 (PUBLIC_API_PREFIX) to a request with
 * an API key, and the scope each needs. The key acts as its creator with their current role, so the routes' own
 * role checks still apply; the scope narrows what the key may do. read: every GET; write: changes that publish
 * nothing; publish: what schedules, publishes, queues or retries.
 *
 * Not mirrored, on purpose: sign-in and sessions, the profile, security, account deletion and export, billing,
 * workspaces, members and invitations, API keys (a key never mints keys), notification preferences, connecting
 * accounts (OAuth), the event stream. Every route listed is one the app has (public-api.test.ts checks).
 */
export const PUBLIC_ROUTES: Readonly<Record<string, ScopeRule>> = {
  // Posts
  "GET /api/posts": "read",
  "POST /api/posts": newPostScope,
  "GET /api/posts/calendar": "read",
  "GET /api/posts/:id": "read",
  "PATCH /api/posts/:id": postChangeScope,
  "DELETE /api/posts/:id": "write",
  "POST /api/posts/:id/publish": "publish",
  "POST /api/posts/:id/retry": "publish",
  "POST /api/posts/:id/queue": "publish",
  "POST /api/posts/:id/duplicate": "write",
  "GET /api/posts/:id/history": "read",
  "GET /api/posts/:id/comments": "read",
  "POST /api/posts/:id/comments": "write",
  "GET /api/posts/export.csv": "read",
  "GET /api/posts/import/template.csv": "read",
  "POST /api/posts/import/preview": "write",
  "POST /api/posts/import": importScope,
  // Approvals: approving schedules the post
  "GET /api/approvals": "read",
  "POST /api/posts/:id/approve": "publish",
  "POST /api/posts/:id/reject": "write",
  // Media
  "GET /api/media": "read",
  "POST /api/media": "write",
  "GET /api/media/:id": "read",
  "DELETE /api/media/:id": "write",
  "GET /api/media/:id/file": "read",
  // Connected accounts (connecting one needs the browser: OAuth)
  "GET /api/networks": "read",
  "GET /api/accounts": "read",
  "GET /api/accounts/:id/facebook-pages": "read",
  "GET /api/accounts/:id/pinterest-boards": "read",
  "GET /api/accounts/:id/tiktok-creator": "read",
  "GET /api/accounts/:id/linkedin-organizations": "read",
  "GET /api/accounts/:id/profile": "read",
  // Results
  "GET /api/dashboard": "read",
  "GET /api/engagement": "read",
  "GET /api/results/weekly": "read",
  "GET /api/results/best-times": "read",
  "GET /api/analytics": "read",
  "GET /api/analytics/posts": "read",
  "GET /api/analytics/posts/:postId": "read",
  "GET /api/analytics/export.csv": "read",
  "GET /api/usage": "read",
  // Campaigns
  "GET /api/campaigns": "read",
  "POST /api/campaigns": "write",
  "GET /api/campaigns/:id": "read",
  "PATCH /api/campaigns/:id": "write",
  "DELETE /api/campaigns/:id": "write",
  "POST /api/campaigns/:id/posts": "write",
  "GET /api/campaigns/:id/export.csv": "read",
  // Queue: slots and pauses are write; moving a queued post changes when it goes out
  "GET /api/queue": "read",
  "PUT /api/queue/slots": "write",
  "PUT /api/queue/time-zone": "write",
  "POST /api/queue/accounts/:id/pause": "write",
  "POST /api/queue/accounts/:id/resume": "write",
  "POST /api/queue/move": "publish",
  // Inbox
  "GET /api/inbox": "read",
  "GET /api/inbox/summary": "read",
  "GET /api/inbox/:id": "read",
  "PATCH /api/inbox/:id": "write",
  "POST /api/inbox/:id/read": "write",
  "POST /api/inbox/:id/replies": "write",
  "POST /api/inbox/:id/notes": "write",
  "POST /api/inbox/messages/:id/actions": "write",
  // Hashtag groups
  "GET /api/hashtag-groups": "read",
  "POST /api/hashtag-groups": "write",
  "PATCH /api/hashtag-groups/:id": "write",
  "DELETE /api/hashtag-groups/:id": "write",
  // Webhooks
  "GET /api/webhooks": "read",
  "POST /api/webhooks": "write",
  "PATCH /api/webhooks/:id": "write",
  "DELETE /api/webhooks/:id": "write",
  "POST /api/webhooks/:id/test": "write",
  "GET /api/webhooks/:id/deliveries": "read",
};

/** The scope a call of a mirrored route needs. */
export function scopeFor(rule: ScopeRule, request: FastifyRequest): ApiKeyScope {
  return typeof rule === "function" ? rule(request) : rule;
}

/** `/api/posts/:id` → `/api/v1/posts/:id` */
export const publicPath = (prefix: string, url: string) => `${prefix}${url.slice("/api".length)}`;
