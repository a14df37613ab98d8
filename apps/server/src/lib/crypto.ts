import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

const VERSION = "v1";

/** AES-256-GCM for secrets at rest (network tokens, PKCE verifiers), keyed from APP_SECRET. */
export function createCipher(appSecret: string) {
  const key = Buffer.from(hkdfSync("sha256", appSecret, "orbitpost", "token-encryption-v1", 32));
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url")}`;
    },
    decrypt(sealed: string): string {
      const [version, payload] = sealed.split(":");
      if (version !== VERSION || !payload) throw new Error("unknown ciphertext format");
      const raw = Buffer.from(payload, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}
export type Cipher = ReturnType<typeof createCipher>;

export const sha256 = (s: string) => createHash("sha256").update(s).digest("base64url");
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

/**
 * Short signed links (HMAC-SHA256, keyed from APP_SECRET): `payload` is readable by whoever holds the link,
 * cannot be forged or changed, and stops being accepted after `expiresAt`.
 */
export function createLinkSigner(appSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync("sha256", appSecret, "orbitpost", `signed-link-${purpose}`, 32));
  const mac = (body: string) => createHmac("sha256", key).update(body).digest("base64url");
  return {
    sign(payload: string, expiresAt: Date): string {
      const body = Buffer.from(`${payload}|${Math.floor(expiresAt.getTime() / 1000)}`).toString("base64url");
      return `${body}.${mac(body)}`;
    },
    /** The payload of a valid, unexpired link; null otherwise. */
    verify(token: string, now: Date): string | null {
      const [body, signature] = token.split(".");
      if (!body || !signature) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const text = Buffer.from(body, "base64url").toString("utf8");
      const cut = text.lastIndexOf("|");
      const expires = Number(text.slice(cut + 1));
      if (cut < 0 || !Number.isFinite(expires) || expires * 1000 <= now.getTime()) return null;
      return text.slice(0, cut);
    },
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;
