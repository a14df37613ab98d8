import { createHash, randomBytes } from "node:crypto";
import type { Platform } from "@app/shared";
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from "fastify";
import { personOf } from "./people";
import { createSandbox, type SandboxControl, type SandboxOptions } from "./sandbox";
import { createTokenStore } from "./tokens";

/** Test support for the publishing endpoints: a listening sandbox, tokens, media files and a file server. */

const SECRET = "publish-test-secret";

export const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

export const png = (size = 2048) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);
export const jpeg = (size = 2048) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size - 4)]);
export const mp4 = (size = 4096) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom", "latin1"), randomBytes(size - 12)]);
export const notMedia = (size = 512) => Buffer.concat([Buffer.from("hello, not a picture"), randomBytes(size)]);

export interface TestSandbox {
  app: FastifyInstance;
  control: SandboxControl;
  /** the origin the server listens on */
  origin: string;
  /** serves a file at `${origin}/files/{name}`; returns its URL */
  host(name: string, data: Buffer, type?: string): string;
  /** an access token (or a Page token) for a person, with these scopes; `expired` gives one past its time */
  token(
    platform: Platform,
    username: string,
    scope: string,
    o?: { expired?: boolean; kind?: "access" | "page" },
  ): string;
  inject(o: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The redirect URI registered for the test sandbox's app on every network. */
export const TEST_REDIRECT = "https://app.example/auth/callback";

export async function startSandbox(
  options: Omit<SandboxOptions, "secret" | "redirectUris"> = {},
): Promise<TestSandbox> {
  const sandbox = createSandbox({ ...options, secret: SECRET, redirectUris: () => [TEST_REDIRECT] });
  const app = Fastify();
  const files = new Map<string, { data: Buffer; type: string }>();
  app.get<{ Params: { name: string } }>("/files/:name", async (request, reply) => {
    const f = files.get(request.params.name);
    if (!f) return reply.status(404).send("not found");
    return reply.type(f.type).send(f.data);
  });
  await app.register(sandbox.plugin, { prefix: "/sandbox" });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const tokens = createTokenStore(SECRET, () => Date.now());
  return {
    app,
    control: sandbox.control,
    origin,
    host(name, data, type = "application/octet-stream") {
      files.set(name, { data, type });
      return `${origin}/files/${name}`;
    },
    token(platform, username, scope, o = {}) {
      const grant = {
        platform,
        userId: personOf(platform, username).id,
        username,
        scope,
        grant: randomBytes(6).toString("hex"),
      };
      return tokens.issue(o.kind ?? "access", grant, o.expired ? -60 : 3600).token;
    },
    inject: (o) => app.inject(o),
    close: () => app.close(),
  };
}

/** A multipart/form-data body of fields and files. */
export function multipartBody(parts: Record<string, string | { data: Buffer; filename: string; type: string }>) {
  const boundary = `----sandbox${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === "string") {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`,
        ),
        value.data,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The path of an absolute sandbox URL, for inject. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
