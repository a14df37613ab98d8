import { z } from "zod";
import { WEBHOOK_MESSAGES } from "../constants/messages";
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_URL_MAX,
} from "../constants/webhooks";
import { singleLineText } from "./text";

/** A webhook endpoint as Settings lists it: never its secret (shown once, when added). */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** why it is off when the app turned it off (failures in a row), else null */
  disabledReason: z.string().nullable(),
  /** failed attempts in a row (0 after a success) */
  consecutiveFailures: z.number().int(),
  lastDeliveryAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/**
 * An endpoint's URL: http(s), at most WEBHOOK_URL_MAX characters. Whether its address is
 * public is checked by the server when it is saved and again at each delivery (DNS may change).
 */
const webhookUrl = singleLineText("URL", { required: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlInvalid }));

const webhookFields = {
  url: webhookUrl,
  description: singleLineText("Description")
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.descriptionTooLong)
    .default(""),
  events: z
    .array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_MESSAGES.eventsRequired })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .transform((events) => [...new Set(events)]),
};

/** POST /api/webhooks */
export const createWebhookBodySchema = z.object(webhookFields);
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;
export type CreateWebhookInput = z.input<typeof createWebhookBodySchema>;

/** PATCH /api/webhooks/:id: change its address, events or description, or turn it on or off */
export const updateWebhookBodySchema = z
  .object({
    url: webhookFields.url,
    description: singleLineText("Description").trim().max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.descriptionTooLong),
    events: webhookFields.events,
    enabled: z.boolean(),
  })
  .partial();
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

/** One delivery of one event to one endpoint, as the log shows it (its latest attempt). */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** the event's id: the same in every attempt (the `webhook-id` header), for the receiver to drop repeats */
  eventId: z.string(),
  event: z.enum([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** the latest attempt's HTTP status, null when there was no answer */
  responseStatus: z.number().int().nullable(),
  /** the start of the latest answer's body */
  responseBody: z.string().nullable(),
  /** why the latest attempt failed (no answer, a refused address, a status that is not 2xx) */
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** the body sent, as sent */
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookListResponseSchema = z.object({ webhooks: z.array(webhookSchema) });
export const webhookEndpointResponseSchema = z.object({ webhook: webhookSchema });
/** The new endpoint, with `secret`: its signing secret, shown this once. */
export const createWebhookResponseSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export const webhookDeliveriesQuerySchema = z.object({
  /** deliveries created before this one's (the next page) */
  before: z.uuid().optional(),
});
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  /** pass as `before` for the next page; null on the last */
  next: z.string().nullable(),
});
/** POST /api/webhooks/:id/test: the test delivery, sent at once, with its outcome */
export const webhookTestResponseSchema = z.object({ delivery: webhookDeliverySchema });
