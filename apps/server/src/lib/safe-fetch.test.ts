import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { FetchRefused, isPublicAddress, safeFetch } from "./safe-fetch";

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/big.bin") res.writeHead(200).end(Buffer.alloc(5000, 1));
    else if (req.url === "/inside") res.writeHead(302, { location: "http://10.0.0.1/secret" }).end();
    else if (req.url === "/loop") res.writeHead(302, { location: "/loop" }).end();
    else res.writeHead(200).end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

/** This test's server is let through; every other private address stays refused. */
const thisServer = (a: string) => a === "127.0.0.1";
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "fetched",
    (err: unknown) => (err instanceof FetchRefused ? err.reason : String(err)),
  );

test("only the public internet is reached", () => {
  for (const a of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0"])
    expect(isPublicAddress(a), a).toBe(false);
  for (const a of ["::1", "::", "fe80::1", "fc00::1", "::ffff:127.0.0.1", "ff02::1", "224.0.0.1", "255.255.255.255"])
    expect(isPublicAddress(a), a).toBe(false);
  for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
    expect(isPublicAddress(a), a).toBe(true);
  expect(isPublicAddress("example.com")).toBe(false);
});

test("private addresses, other schemes, redirects inside and endless redirects are refused", async () => {
  expect(await refusal(safeFetch(`${base}/a.png`, { maxBytes: 100 }))).toBe("private");
  expect(await refusal(safeFetch("http://[::1]/a.png", { maxBytes: 100 }))).toBe("private");
  expect(await refusal(safeFetch("file:///etc/passwd", { maxBytes: 100 }))).toBe("not-web");
  expect(await refusal(safeFetch("not a url", { maxBytes: 100 }))).toBe("not-web");
  const opts = { maxBytes: 100, allowAddress: thisServer };
  expect(await refusal(safeFetch(`${base}/inside`, opts))).toBe("private");
  expect(await refusal(safeFetch(`${base}/loop`, opts))).toBe("redirects");
});

test("a body past the limit is cut and marked", async () => {
  const big = await safeFetch(`${base}/big.bin`, { maxBytes: 1000, allowAddress: thisServer });
  let size = 0;
  for await (const chunk of big.stream) size += (chunk as Buffer).length;
  expect(size).toBe(1001);
  expect(big.stream.truncated).toBe(true);
  expect(big.filename).toBe("big.bin");
  const small = await safeFetch(`${base}/ok.txt`, { maxBytes: 1000, allowAddress: thisServer });
  let text = "";
  for await (const chunk of small.stream) text += String(chunk);
  expect([text, small.stream.truncated]).toEqual(["ok", undefined]);
});
