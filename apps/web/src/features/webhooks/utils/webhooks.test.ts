import { WEBHOOK_MESSAGES } from "@app/shared";
import { describe, expect, it } from "vitest";
import {
  deliveryOutcome,
  endpointState,
  eventLabel,
  payloadText,
  testOutcome,
  webhookFormToBody,
  webhookFormValues,
} from "./webhooks";

describe("the endpoint form", () => {
  it("gives the API's body, trimmed and without repeats", () => {
    expect(
      webhookFormToBody({
        url: " https://example.com/hooks ",
        description: " CRM ",
        events: ["post.published", "post.failed", "post.published"],
      }),
    ).toEqual({
      ok: true,
      body: { url: "https://example.com/hooks", description: "CRM", events: ["post.published", "post.failed"] },
    });
  });

  it("says what is wrong with each field, in the shared schema's words", () => {
    expect(webhookFormToBody(webhookFormValues(null))).toEqual({
      ok: false,
      errors: { url: WEBHOOK_MESSAGES.urlRequired, events: WEBHOOK_MESSAGES.eventsRequired },
    });
    expect(
      webhookFormToBody({ url: "ftp://example.com", description: "x".repeat(201), events: ["post.failed"] }),
    ).toEqual({
      ok: false,
      errors: { url: WEBHOOK_MESSAGES.urlInvalid, description: WEBHOOK_MESSAGES.descriptionTooLong },
    });
  });

  it("starts from the endpoint being edited", () => {
    const values = webhookFormValues({
      id: "w",
      url: "https://example.com",
      description: "d",
      events: ["account.expired"],
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
      lastDeliveryAt: null,
      createdAt: "2026-01-01T00:00:00Z",
    });
    expect(values).toEqual({ url: "https://example.com", description: "d", events: ["account.expired"] });
  });
});

describe("an endpoint's state", () => {
  it("is on, off, or turned off by the app with its reason", () => {
    expect(endpointState({ enabled: true, disabledReason: null })).toEqual({ tone: "on", label: "On" });
    expect(endpointState({ enabled: false, disabledReason: null })).toEqual({ tone: "off", label: "Off" });
    const reason = WEBHOOK_MESSAGES.disabledAfterFailures(20);
    expect(endpointState({ enabled: false, disabledReason: reason })).toEqual({ tone: "failing", label: reason });
  });
});

describe("a delivery", () => {
  it("names its event, the test one too", () => {
    expect(eventLabel("post.published")).toBe("Post published");
    expect(eventLabel("webhook.test")).toBe(WEBHOOK_MESSAGES.testEventLabel);
  });

  it("tells what the endpoint answered", () => {
    expect(deliveryOutcome({ responseStatus: 503, error: "HTTP 503" })).toBe("HTTP 503");
    expect(deliveryOutcome({ responseStatus: null, error: WEBHOOK_MESSAGES.timedOut })).toBe(WEBHOOK_MESSAGES.timedOut);
    expect(deliveryOutcome({ responseStatus: null, error: null })).toBe(WEBHOOK_MESSAGES.noAnswer);
  });

  it("gives the test's toast", () => {
    expect(testOutcome({ status: "delivered", responseStatus: 204, error: null })).toEqual({
      ok: true,
      message: WEBHOOK_MESSAGES.testSent(204),
    });
    expect(testOutcome({ status: "retrying", responseStatus: 500, error: null })).toEqual({
      ok: false,
      message: WEBHOOK_MESSAGES.testFailed("HTTP 500"),
    });
    expect(testOutcome({ status: "failed", responseStatus: null, error: "refused" })).toEqual({
      ok: false,
      message: WEBHOOK_MESSAGES.testFailed("refused"),
    });
  });

  it("shows its payload indented", () => {
    expect(payloadText({ a: { b: 1 } })).toBe('{\n  "a": {\n    "b": 1\n  }\n}');
  });
});
