import {
  type CreateWebhookBody,
  createWebhookBodySchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryEvent,
  type WebhookDeliveryStatus,
  type WebhookEvent,
} from "@app/shared";

/** The endpoint form: its address, a description, the events ticked. */
export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEvent[];
}
export type WebhookFormErrors = Partial<Record<keyof WebhookFormValues, string>>;

export const webhookFormValues = (webhook: Webhook | null): WebhookFormValues => ({
  url: webhook?.url ?? "",
  description: webhook?.description ?? "",
  events: webhook ? [...webhook.events] : [],
});

/** The form's values as the API's body, or the first problem of each field (the shared schema's words). */
export function webhookFormToBody(
  values: WebhookFormValues,
): { ok: true; body: CreateWebhookBody } | { ok: false; errors: WebhookFormErrors } {
  const parsed = createWebhookBodySchema.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: WebhookFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === "events" ? "events" : issue.path[0] === "description" ? "description" : "url";
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Whether an endpoint is on, turned off by a member, or turned off by the app (with its reason). */
export function endpointState(webhook: Pick<Webhook, "enabled" | "disabledReason">): {
  tone: "on" | "off" | "failing";
  label: string;
} {
  if (webhook.enabled) return { tone: "on", label: WEBHOOK_MESSAGES.enabled };
  if (webhook.disabledReason) return { tone: "failing", label: webhook.disabledReason };
  return { tone: "off", label: WEBHOOK_MESSAGES.disabledByUser };
}

export const eventLabel = (event: WebhookDeliveryEvent) =>
  event in WEBHOOK_EVENT_LABELS ? WEBHOOK_EVENT_LABELS[event as WebhookEvent] : WEBHOOK_MESSAGES.testEventLabel;

/** The badge of a delivery's status. */
export const STATUS_BADGES: Record<WebhookDeliveryStatus, "default" | "secondary" | "destructive" | "outline"> = {
  pending: "outline",
  delivered: "secondary",
  retrying: "outline",
  failed: "destructive",
};

/** What the endpoint answered to the latest attempt: its HTTP status, else why there was no answer. */
export function deliveryOutcome(d: Pick<WebhookDelivery, "responseStatus" | "error">): string {
  if (d.responseStatus !== null) return WEBHOOK_MESSAGES.answered(d.responseStatus);
  return d.error ?? WEBHOOK_MESSAGES.noAnswer;
}

/** The toast after "Send test": delivered with the endpoint's status, or failed with why. */
export function testOutcome(d: Pick<WebhookDelivery, "status" | "responseStatus" | "error">): {
  ok: boolean;
  message: string;
} {
  if (d.status === "delivered") return { ok: true, message: WEBHOOK_MESSAGES.testSent(d.responseStatus ?? 200) };
  const reason =
    d.error ?? (d.responseStatus !== null ? WEBHOOK_MESSAGES.answered(d.responseStatus) : WEBHOOK_MESSAGES.noAnswer);
  return { ok: false, message: WEBHOOK_MESSAGES.testFailed(reason) };
}

/** A delivery's body as sent, indented for reading. */
export const payloadText = (payload: WebhookDelivery["payload"]) => JSON.stringify(payload, null, 2);
