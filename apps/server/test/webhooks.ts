import { createHmac } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { WEBHOOK_HEADERS } from "@app/shared";
import type { TestApp } from "./helpers";

/** One request a receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 (a random port): keeps every request and answers `status` (200 unless told;
 * set it to make attempts fail).
 */
export async function webhookReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(state.status, { "content-type": "text/plain" });
      res.end(state.status < 300 ? "thanks" : "not now");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/orbitpost`,
    received,
    answer(status: number) {
      state.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether a request carries the signature the scheme gives for its body and timestamp (as a receiver checks it). */
export function signedWith(secret: string, r: Received): boolean {
  const timestamp = String(r.headers[WEBHOOK_HEADERS.timestamp]);
  const expected = `v1=${createHmac("sha256", secret).update(`${timestamp}.${r.body}`).digest("hex")}`;
  return r.headers[WEBHOOK_HEADERS.signature] === expected;
}

/** Adds an endpoint through the API as `cookie`; its id and secret. */
export async function addEndpoint(
  t: Pick<TestApp, "app">,
  cookie: string,
  body: { url: string; events: string[]; description?: string },
) {
  const res = await t.app.inject({ method: "POST", url: "/api/webhooks", headers: { cookie }, payload: body });
  if (res.statusCode !== 201) throw new Error(`add endpoint: ${res.statusCode} ${res.body}`);
  const json = res.json();
  return { id: json.webhook.id as string, secret: json.secret as string };
}

/** Runs the app's jobs worker until no job is due. */
export async function runJobs(t: Pick<TestApp, "app">) {
  while ((await t.app.jobsWorker.runOnce()) > 0) {}
}
