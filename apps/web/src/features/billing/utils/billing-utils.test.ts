import { describe, expect, test } from "vitest";
import { appPathOf, formatBillingDate, periodEndLabel, statusLabel } from "./status";
import { usageLevel, usagePercent } from "./usage";

describe("usage colours", () => {
  test("green below 80%, yellow from 80%, red from 100%", () => {
    expect(usageLevel(0, 5)).toBe("ok");
    expect(usageLevel(3, 5)).toBe("ok");
    expect(usageLevel(4, 5)).toBe("warning");
    expect(usageLevel(2, 3)).toBe("ok");
    expect(usageLevel(5, 5)).toBe("full");
    expect(usageLevel(6, 5)).toBe("full");
    expect(usageLevel(3, 3)).toBe("full");
    expect(usageLevel(79, 100)).toBe("ok");
    expect(usageLevel(80, 100)).toBe("warning");
  });

  test("unlimited is never near its limit; a limit of 0 is reached at once", () => {
    expect(usageLevel(1000, null)).toBe("ok");
    expect(usageLevel(0, 0)).toBe("full");
  });

  test("the bar's fill stays between 0 and 100", () => {
    expect(usagePercent(2, 3)).toBe(67);
    expect(usagePercent(4, 5)).toBe(80);
    expect(usagePercent(4, 3)).toBe(100);
    expect(usagePercent(7, null)).toBe(0);
    expect(usagePercent(0, 0)).toBe(100);
  });
});

describe("subscription status", () => {
  const sub = { subscribed: true, status: "active", cancel_at_period_end: false } as const;

  test("labels say Active, Trial or Canceling at period end", () => {
    expect(statusLabel(sub)).toBe("Active");
    expect(statusLabel({ ...sub, status: "trialing" })).toBe("Trial");
    expect(statusLabel({ ...sub, status: "trialing", cancel_at_period_end: true })).toBe("Canceling at period end");
    expect(statusLabel({ subscribed: false, status: "canceled", cancel_at_period_end: false })).toBe("Ended");
    expect(statusLabel({ subscribed: false, status: "none", cancel_at_period_end: false })).toBe("Not subscribed");
  });

  test("the period end is the next billing date, the trial's end, or the end", () => {
    expect(periodEndLabel(sub)).toBe("Next billing date");
    expect(periodEndLabel({ ...sub, status: "trialing" })).toBe("Trial ends on");
    expect(periodEndLabel({ ...sub, cancel_at_period_end: true })).toBe("Ends on");
  });

  test("dates read like Mar 04, 2026 in the user's zone, or N/A", () => {
    expect(formatBillingDate("2026-03-04T12:00:00.000Z", "UTC")).toBe("Mar 04, 2026");
    // The user's zone decides the day: noon UTC is already the next day in Kiritimati (UTC+14).
    expect(formatBillingDate("2026-03-04T12:00:00.000Z", "Pacific/Kiritimati")).toBe("Mar 05, 2026");
    expect(formatBillingDate(null, "UTC")).toBe("N/A");
    expect(formatBillingDate("not a date", "UTC")).toBe("N/A");
  });

  test("addresses on this origin become app paths; others stay outside", () => {
    const origin = "http://localhost:3000";
    expect(appPathOf("http://localhost:3000/premium?success=true", origin)).toBe("/premium?success=true");
    expect(appPathOf("https://checkout.stripe.com/c/pay/cs_1", origin)).toBeNull();
  });
});
