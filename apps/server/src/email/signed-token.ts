import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Small signed tokens for links sent by e-mail: `<payload>.<signature>`, both base64url, the signature an
 * HMAC-SHA256 under a key derived from APP_SECRET for one purpose only. A token made for one purpose never
 * passes as another's (its key and its payload both name the purpose), and any change to it is refused.
 */
function keyFor(secret: string, purpose: string) {
  return createHmac("sha256", secret).update(`orbitpost signed link: ${purpose}`).digest();
}

const sign = (secret: string, purpose: string, payload: string) =>
  createHmac("sha256", keyFor(secret, purpose)).update(payload).digest();

export function signToken(secret: string, purpose: string, data: Record<string, string>): string {
  const payload = Buffer.from(JSON.stringify({ ...data, purpose })).toString("base64url");
  return `${payload}.${sign(secret, purpose, payload).toString("base64url")}`;
}

/** The token's data when it is whole and made for `purpose`; null otherwise. */
export function verifyToken(secret: string, purpose: string, token: string): Record<string, string> | null {
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(signature)) return null;
  const expected = sign(secret, purpose, payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
    const record = data as Record<string, unknown>;
    if (record.purpose !== purpose) return null;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(record)) {
      if (typeof v !== "string") return null;
      out[k] = v;
    }
    return out;
  } catch {
    return null;
  }
}
