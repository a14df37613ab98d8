import { createHmac } from "node:crypto";
import {
  APP_NAME,
  WEBHOOK_ATTEMPT_OFFSETS_MS,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_HEADERS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RESPONSE_KEPT,
  WEBHOOK_SIGNATURE_VERSION,
  WEBHOOK_TIMEOUT_MS,
  type WebhookDeliveryStatus,
} from "@app/shared";
import type { Cipher } from "../../lib/crypto";
import { FetchRefused, isPublicAddress, safePost } from "../../lib/safe-fetch";
import type { ClaimedJob } from "../../worker/jobs.repo";
import { enqueue } from "../../worker/jobs.repo";
import type { JobHandler } from "../../worker/jobs-worker";
import { notify } from "../notifications/notify";
import { WEBHOOK_DELIVERY_JOB, webhookDeliveryKey } from "./webhook-events";
import type { AttemptOutcome, WebhookDeliveryRow, WebhookEndpointRow, WebhooksRepo } from "./webhooks.repo";

/** Who calls: the app's name, for the receiver's logs. */
export const WEBHOOK_USER_AGENT = `${APP_NAME}-Webhooks/1`;

/** `v1=` + hex(HMAC-SHA256(secret, `${timestamp}.${body}`)): the `webhook-signature` header. */
export function webhookSignature(secret: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${timestampSeconds}.${body}`).digest("hex");
  return `${WEBHOOK_SIGNATURE_VERSION}=${mac}`;
}

/** The headers of one attempt of a delivery of `body`, signed at `now`. */
export function webhookHeaders(
  secret: string,
  d: Pick<WebhookDeliveryRow, "eventId" | "event">,
  body: string,
  now: Date,
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": WEBHOOK_USER_AGENT,
    [WEBHOOK_HEADERS.id]: d.eventId,
    [WEBHOOK_HEADERS.event]: d.event,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: webhookSignature(secret, timestamp, body),
  };
}

/** When attempt `attempt` (1-based) of a delivery made at `createdAt` is due; null after the last. */
export function attemptDueAt(createdAt: Date, attempt: number): Date | null {
  const offset = WEBHOOK_ATTEMPT_OFFSETS_MS[attempt - 1];
  return offset === undefined ? null : new Date(createdAt.getTime() + offset);
}

export interface WebhookSenderDeps {
  repo: WebhooksRepo;
  cipher: Cipher;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: endpoints on the server's own network may be called */
  allowPrivateUrls: boolean;
  now?: () => Date;
}

/**
 * Sends deliveries: an attempt marked begun before the endpoint is called, its outcome kept in the log, the next
 * attempt queued per WEBHOOK_ATTEMPT_OFFSETS_MS (counted from the delivery's creation) until the last, and the
 * endpoint's failures in a row counted (a success resets them; at WEBHOOK_DISABLE_AFTER_FAILURES the endpoint is
 * turned off and the workspace's owner told, once).
 */
export function createWebhookSender(deps: WebhookSenderDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const allowAddress = deps.allowPrivateUrls ? () => true : isPublicAddress;

  /** One call of the endpoint with the delivery's stored body (the same bytes in every attempt), signed now. */
  async function call(endpoint: WebhookEndpointRow, d: WebhookDeliveryRow): Promise<AttemptOutcome & { ok: boolean }> {
    const body = JSON.stringify(d.payload);
    const started = now();
    const startedMs = performance.now();
    const duration = () => Math.round(performance.now() - startedMs);
    try {
      const headers = webhookHeaders(deps.cipher.decrypt(endpoint.secretEncrypted), d, body, started);
      const answer = await safePost(endpoint.url, {
        body,
        headers,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxChars: WEBHOOK_RESPONSE_KEPT,
        allowAddress,
      });
      const ok = answer.status >= 200 && answer.status < 300;
      return {
        ok,
        responseStatus: answer.status,
        responseBody: answer.body,
        error: ok ? null : WEBHOOK_MESSAGES.answered(answer.status),
        durationMs: duration(),
      };
    } catch (err) {
      return { ok: false, responseStatus: null, responseBody: null, error: failureText(err), durationMs: duration() };
    }
  }

  /**
   * Settles attempt `number` with its outcome: delivered, or the next attempt queued ("retrying"), or, after the
   * last, failed; and the endpoint's failures in a row. In one transaction; nothing when it was settled already.
   */
  async function settle(d: WebhookDeliveryRow, number: number, startedAt: Date, outcome: AttemptOutcome, ok: boolean) {
    const at = now();
    const nextDue = ok ? null : attemptDueAt(d.createdAt, number + 1);
    const nextAt = nextDue && nextDue.getTime() < at.getTime() ? at : nextDue;
    const status: WebhookDeliveryStatus = ok ? "delivered" : nextAt ? "retrying" : "failed";
    return repo.transaction(async (tx) => {
      const settled = await repo.settleAttempt(
        tx,
        d.id,
        { number, startedAt },
        outcome,
        { status, nextAttemptAt: nextAt, deliveredAt: ok ? at : null },
        at,
      );
      if (!settled) return;
      if (nextAt)
        await enqueue(tx, {
          kind: WEBHOOK_DELIVERY_JOB,
          key: webhookDeliveryKey(d.id, number + 1),
          workspaceId: d.workspaceId,
          payload: { deliveryId: d.id, attempt: number + 1 },
          runAt: nextAt,
        });
      const endpoint = await repo.holdEndpoint(tx, d.endpointId);
      if (!endpoint) return;
      if (ok) {
        await repo.setEndpointState(tx, endpoint.id, { consecutiveFailures: 0, lastDeliveryAt: at });
        return;
      }
      const failures = endpoint.consecutiveFailures + 1;
      const turnOff = endpoint.enabled && failures >= WEBHOOK_DISABLE_AFTER_FAILURES;
      const reason = WEBHOOK_MESSAGES.disabledAfterFailures(failures);
      await repo.setEndpointState(tx, endpoint.id, {
        consecutiveFailures: failures,
        lastDeliveryAt: at,
        ...(turnOff && { enabled: false, disabledReason: reason }),
      });
      // Turned off by this attempt (the endpoint's row is held: no other attempt does it too): the owner is told.
      if (turnOff)
        await notify(
          tx,
          {
            workspaceId: endpoint.workspaceId,
            kind: "webhook_disabled",
            dedupeKey: `webhook_disabled:${endpoint.id}:${at.getTime()}`,
            audience: { roles: ["owner"] },
            message: `${endpoint.url}: ${reason}`,
            data: { endpointId: endpoint.id, url: endpoint.url },
          },
          at,
        );
    });
  }

  /** The job: one attempt of one delivery (see createWebhookSender). Never throws for the endpoint's failures. */
  async function attempt(job: ClaimedJob): Promise<void> {
    const deliveryId = typeof job.payload.deliveryId === "string" ? job.payload.deliveryId : null;
    const number = typeof job.payload.attempt === "number" ? job.payload.attempt : null;
    if (!deliveryId || !number || !job.workspaceId) return;
    const found = await repo.deliveryWithEndpoint(job.workspaceId, deliveryId);
    // Gone with its endpoint, or settled: nothing to send.
    if (!found || found.delivery.status === "delivered" || found.delivery.status === "failed") return;
    const { delivery, endpoint } = found;
    if (delivery.attempts >= number) {
      // This attempt was begun and never settled: its worker stopped (the job was taken over) before the answer
      // came. It may have reached the endpoint, so it counts as failed and the next one follows; the receiver
      // drops the repeat by its webhook-id.
      if (delivery.attempts === number && delivery.attemptStartedAt)
        await settle(
          delivery,
          number,
          delivery.attemptStartedAt,
          { responseStatus: null, responseBody: null, error: WEBHOOK_MESSAGES.interrupted, durationMs: 0 },
          false,
        );
      return;
    }
    if (!endpoint.enabled) {
      await repo.dropDelivery(delivery.id, WEBHOOK_MESSAGES.notSentEndpointOff, now());
      return;
    }
    const startedAt = now();
    const started = await repo.startAttempt(delivery.id, number, startedAt);
    if (!started) return;
    const { ok, ...outcome } = await call(endpoint, started);
    await settle(started, number, startedAt, outcome, ok);
  }

  /**
   * "Send test": a webhook.test delivery, sent at once in the request and kept in the log; not tried again, and
   * not counted in the endpoint's failures in a row.
   */
  async function sendTest(endpoint: WebhookEndpointRow, eventId: string): Promise<WebhookDeliveryRow> {
    const at = now();
    const payload = {
      id: eventId,
      event: "webhook.test",
      createdAt: at.toISOString(),
      workspaceId: endpoint.workspaceId,
      data: { endpointId: endpoint.id, url: endpoint.url },
    };
    const row = await repo.insertTest(endpoint, eventId, payload, at);
    const { ok, ...outcome } = await call(endpoint, row);
    const done = now();
    const next = { status: ok ? "delivered" : "failed", nextAttemptAt: null, deliveredAt: ok ? done : null } as const;
    await repo.transaction((tx) => repo.settleAttempt(tx, row.id, { number: 1, startedAt: at }, outcome, next, done));
    return { ...row, ...outcome, ...next, attemptStartedAt: null, updatedAt: done };
  }

  return { attempt, sendTest };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;

/** Why an attempt got no answer, in words for the log. */
function failureText(err: unknown): string {
  if (err instanceof FetchRefused) {
    if (err.reason === "private" || err.reason === "not-web") return WEBHOOK_MESSAGES.urlNotPublic;
    if (err.detail === "timeout") return WEBHOOK_MESSAGES.timedOut;
    return WEBHOOK_MESSAGES.unreachable(err.detail ?? err.reason);
  }
  return WEBHOOK_MESSAGES.unreachable(err instanceof Error ? err.message : String(err));
}

/** The jobs worker's handler of webhook deliveries. */
export function webhookJobHandlers(deps: WebhookSenderDeps): Record<string, JobHandler> {
  const { attempt } = createWebhookSender(deps);
  return { [WEBHOOK_DELIVERY_JOB]: (job: ClaimedJob) => attempt(job) };
}
