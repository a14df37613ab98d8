import { API_KEY_MESSAGES } from "@app/shared";
import { describe, expect, it } from "vitest";
import { absoluteUrl, apiKeyFormToBody, EXPIRY_CHOICES, expiryInstant, firstExpiryDay, isExpired } from "./api-keys";

const now = new Date("2026-03-10T15:30:00Z");

describe("the expiry of a new API key", () => {
  it("offers never, the presets and a date", () => {
    expect(EXPIRY_CHOICES.map((c) => c.value)).toEqual(["never", "30", "90", "date"]);
    expect(EXPIRY_CHOICES.map((c) => c.label)).toEqual(["Never", "In 30 days", "In 90 days", "On a date"]);
  });

  it("counts presets from now and ends a chosen day at the user's midnight", () => {
    expect(expiryInstant({ expiry: "never", date: "" }, now, "UTC")).toBeNull();
    expect(expiryInstant({ expiry: "30", date: "" }, now, "UTC")).toBe("2026-04-09T15:30:00.000Z");
    expect(expiryInstant({ expiry: "date", date: "2026-03-20" }, now, "UTC")).toBe("2026-03-21T00:00:00.000Z");
    expect(expiryInstant({ expiry: "date", date: "2026-03-20" }, now, "Europe/Paris")).toBe("2026-03-20T23:00:00.000Z");
  });

  it("refuses a chosen day that is missing or has passed", () => {
    expect(expiryInstant({ expiry: "date", date: "" }, now, "UTC")).toBeUndefined();
    expect(expiryInstant({ expiry: "date", date: "2026-03-09" }, now, "UTC")).toBeUndefined();
    expect(expiryInstant({ expiry: "date", date: "2026-03-10" }, now, "UTC")).toBeUndefined();
    expect(expiryInstant({ expiry: "date", date: "2026-03-11" }, now, "UTC")).toBe("2026-03-12T00:00:00.000Z");
    expect(firstExpiryDay(now, "UTC")).toBe("2026-03-11");
    // Already the 11th in Tokyo.
    expect(firstExpiryDay(now, "Asia/Tokyo")).toBe("2026-03-12");
  });
});

describe("the create form", () => {
  it("gives the API's body", () => {
    expect(
      apiKeyFormToBody({ name: " n8n ", scopes: ["read", "publish"], expiry: "never", date: "" }, now, "UTC"),
    ).toEqual({
      ok: true,
      body: { name: "n8n", scopes: ["read", "publish"], expiresAt: null },
    });
  });

  it("says what is wrong with each field, in the shared schema's words", () => {
    expect(apiKeyFormToBody({ name: "", scopes: [], expiry: "date", date: "2020-01-01" }, now, "UTC")).toEqual({
      ok: false,
      errors: {
        name: API_KEY_MESSAGES.nameRequired,
        scopes: API_KEY_MESSAGES.scopesRequired,
        expiry: API_KEY_MESSAGES.expiryInPast,
      },
    });
    expect(apiKeyFormToBody({ name: "a\u0007b", scopes: ["read"], expiry: "never", date: "" }, now, "UTC").ok).toBe(
      false,
    );
  });
});

describe("a listed key", () => {
  it("is expired from its expiry on", () => {
    expect(isExpired({ expiresAt: null }, now)).toBe(false);
    expect(isExpired({ expiresAt: "2026-03-10T15:30:00Z" }, now)).toBe(true);
    expect(isExpired({ expiresAt: "2026-03-10T15:31:00Z" }, now)).toBe(false);
  });

  it("has its addresses on this origin", () => {
    expect(absoluteUrl("http://localhost:3000/", "/api/mcp")).toBe("http://localhost:3000/api/mcp");
  });
});
