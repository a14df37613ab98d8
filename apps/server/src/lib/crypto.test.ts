import { expect, test } from "vitest";
import { createCipher, sha256 } from "./crypto";

test("tokens round-trip, differ each time, and fail to open with another secret or when altered", () => {
  const cipher = createCipher("a".repeat(40));
  const sealed = cipher.encrypt("token-123");
  expect(sealed).toMatch(/^v1:/);
  expect(sealed).not.toContain("token-123");
  expect(cipher.encrypt("token-123")).not.toBe(sealed);
  expect(cipher.decrypt(sealed)).toBe("token-123");
  expect(() => createCipher("b".repeat(40)).decrypt(sealed)).toThrow();
  const tampered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}`;
  expect(() => cipher.decrypt(tampered)).toThrow();
});

test("sha256 is the PKCE S256 transform (RFC 7636 appendix B)", () => {
  expect(sha256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
});
