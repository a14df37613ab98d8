import { expect, test } from "vitest";
import { createCipher, createLinkSigner, sha256 } from "./crypto";

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

test("signed links carry their payload until they expire, and cannot be forged, changed or reused elsewhere", () => {
  const signer = createLinkSigner("a".repeat(40), "media");
  const now = new Date("2026-11-23T10:00:00Z");
  const link = signer.sign("user-1/file-9", new Date(now.getTime() + 60_000));
  expect(signer.verify(link, now)).toBe("user-1/file-9");
  expect(signer.verify(link, new Date(now.getTime() + 60_000))).toBeNull();
  const [body, mac] = link.split(".") as [string, string];
  const otherBody = Buffer.from("user-2/file-9|9999999999").toString("base64url");
  expect(signer.verify(`${otherBody}.${mac}`, now)).toBeNull();
  expect(signer.verify(`${body}.${mac.slice(0, -1)}x`, now)).toBeNull();
  expect(signer.verify("garbage", now)).toBeNull();
  expect(createLinkSigner("a".repeat(40), "other").verify(link, now)).toBeNull();
  expect(createLinkSigner("b".repeat(40), "media").verify(link, now)).toBeNull();
});
