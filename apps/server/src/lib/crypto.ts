import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

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
