import { randomBytes, randomUUID } from "node:crypto";
import {
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_PER_WORKSPACE,
  type Webhook,
  type WebhookDelivery,
} from "@app/shared";
import { AppError, badRequest, notFound } from "../../http/errors";
import type { Cipher } from "../../lib/crypto";
import { checkWebAddress, isPublicAddress } from "../../lib/safe-fetch";
import { assertCan, type Member } from "../workspaces/member";
import type { WebhookSender } from "./webhook-delivery";
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhooksRepo } from "./webhooks.repo";

export function toApiWebhook(row: WebhookEndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toApiDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
    durationMs: row.durationMs,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    payload: row.payload,
  };
}

/** A new signing secret: the prefix and 32 random bytes. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;

export interface WebhooksServiceDeps {
  repo: WebhooksRepo;
  sender: WebhookSender;
  cipher: Cipher;
  /** WEBHOOK_ALLOW_PRIVATE_URLS */
  allowPrivateUrls: boolean;
  now?: () => Date;
}

/**
 * Webhook endpoints (issue 24): the workspace's owner and admins (integration.manage) add, change, test and
 * delete them and read their deliveries. An endpoint's address must be public (unless the server allows
 * private ones), checked when it is saved and again at each delivery.
 */
export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const allowAddress = deps.allowPrivateUrls ? () => true : isPublicAddress;

  async function assertReachable(url: string) {
    try {
      await checkWebAddress(url, allowAddress);
    } catch {
      throw badRequest(WEBHOOK_MESSAGES.urlNotPublic);
    }
  }

  async function owned(member: Member, id: string): Promise<WebhookEndpointRow> {
    const row = await repo.find(member.workspaceId, id);
    if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
    return row;
  }

  return {
    async list(member: Member): Promise<Webhook[]> {
      assertCan(member, "integration", "manage");
      return (await repo.list(member.workspaceId)).map(toApiWebhook);
    },

    /** The endpoint and its signing secret, shown this once (stored encrypted: deliveries sign with it). */
    async create(member: Member, body: CreateWebhookBody): Promise<{ webhook: Webhook; secret: string }> {
      assertCan(member, "integration", "manage");
      await assertReachable(body.url);
      const secret = newWebhookSecret();
      const row = await repo.create(
        {
          workspaceId: member.workspaceId,
          url: body.url,
          description: body.description,
          events: body.events,
          secretEncrypted: deps.cipher.encrypt(secret),
          createdBy: member.userId,
          at: now(),
        },
        WEBHOOKS_PER_WORKSPACE,
      );
      if (row === "full") throw new AppError(409, "WEBHOOKS_FULL", WEBHOOK_MESSAGES.tooMany);
      return { webhook: toApiWebhook(row), secret };
    },

    /** Changes what is sent; turned on again, its failures in a row and the reason it was turned off are cleared. */
    async update(member: Member, id: string, body: UpdateWebhookBody): Promise<Webhook> {
      assertCan(member, "integration", "manage");
      const existing = await owned(member, id);
      if (body.url !== undefined && body.url !== existing.url) await assertReachable(body.url);
      const row = await repo.update(member.workspaceId, id, {
        ...(body.url !== undefined && { url: body.url }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.events !== undefined && { events: body.events }),
        ...(body.enabled !== undefined && { enabled: body.enabled }),
        ...(body.enabled === true && !existing.enabled && { disabledReason: null, consecutiveFailures: 0 }),
        updatedAt: now(),
      });
      if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
      return toApiWebhook(row);
    },

    async remove(member: Member, id: string): Promise<void> {
      assertCan(member, "integration", "manage");
      if (!(await repo.remove(member.workspaceId, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
    },

    /** Sends a webhook.test event now, in the request: the delivery, with its outcome. */
    async test(member: Member, id: string): Promise<WebhookDelivery> {
      assertCan(member, "integration", "manage");
      const endpoint = await owned(member, id);
      return toApiDelivery(await deps.sender.sendTest(endpoint, `${WEBHOOK_TEST_EVENT}:${randomUUID()}`));
    },

    /** A page of the endpoint's deliveries, newest first; `next` is the `before` of the following page. */
    async deliveries(
      member: Member,
      id: string,
      before: string | undefined,
    ): Promise<{ deliveries: WebhookDelivery[]; next: string | null }> {
      assertCan(member, "integration", "manage");
      await owned(member, id);
      const rows = await repo.deliveries(member.workspaceId, id, before);
      const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE);
      return {
        deliveries: page.map(toApiDelivery),
        next: rows.length > WEBHOOK_DELIVERIES_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
      };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
