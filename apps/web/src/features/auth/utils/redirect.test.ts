import { describe, expect, it } from "vitest";
import { authPathBackTo, safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps a path of this site, with its query", () => {
    expect(safeRedirect("/invitations/abc")).toBe("/invitations/abc");
    expect(safeRedirect("/scheduler?tab=calendar")).toBe("/scheduler?tab=calendar");
  });

  it("refuses other sites and odd values", () => {
    for (const value of [
      null,
      undefined,
      "",
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "invitations/abc",
      "/a\nb",
    ]) {
      expect(safeRedirect(value)).toBeUndefined();
    }
  });
});

describe("authPathBackTo", () => {
  it("names the way back, the tab and the e-mail", () => {
    const url = new URL(authPathBackTo("/invitations/x1", { tab: "signup", email: "a+b@example.com" }), "http://h");
    expect(url.pathname).toBe("/auth");
    expect(url.searchParams.get("redirect")).toBe("/invitations/x1");
    expect(url.searchParams.get("tab")).toBe("signup");
    expect(url.searchParams.get("email")).toBe("a+b@example.com");
  });
});
