import { afterEach, describe, expect, it } from "vitest";
import { startSandbox, type TestSandbox } from "./publish-test-kit";

const SCOPE = "tweet.read users.read tweet.write offline.access";
const TWEETS = "/sandbox/twitter/api.x.com/2/tweets";

let s: TestSandbox | undefined;
afterEach(async () => {
  // The aborted calls' connections are not waited for.
  s?.app.server.closeAllConnections();
  await s?.close();
  s = undefined;
});

/** A tweet sent over real HTTP, so the caller can give up half-way. */
function tweet(sandbox: TestSandbox, text: string, signal?: AbortSignal) {
  return fetch(`${sandbox.origin}${TWEETS}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${sandbox.token("twitter", "alice", SCOPE)}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ text }),
    signal,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("latency", () => {
  it("a call takes latencyMs: the post is made half-way, the answer leaves at the end", async () => {
    s = await startSandbox({ latencyMs: 300 });
    const t0 = performance.now();
    const answer = tweet(s, "Slow network").then((res) => ({ res, at: performance.now() - t0 }));
    await sleep(60);
    expect(s.control.published("twitter")).toHaveLength(0);
    await sleep(190);
    // Made on the network, answer not yet back.
    expect(s.control.published("twitter").map((i) => i.text)).toEqual(["Slow network"]);
    const { res, at } = await answer;
    expect(res.status).toBe(201);
    expect(at).toBeGreaterThanOrEqual(290);
    expect(((await res.json()) as { data: { text: string } }).data.text).toBe("Slow network");
  });

  it("a caller that stops before the answer may still have made the post", async () => {
    s = await startSandbox({ latencyMs: 200 });
    const early = new AbortController();
    const late = new AbortController();
    const first = tweet(s, "Given up early", early.signal).catch((err: Error) => err.name);
    const second = tweet(s, "Given up late", late.signal).catch((err: Error) => err.name);
    await sleep(30);
    early.abort();
    await sleep(120);
    late.abort();
    expect(await first).toBe("AbortError");
    expect(await second).toBe("AbortError");
    await sleep(100);
    // Both calls had reached the network: each was acted on, though neither caller heard back.
    expect(
      s.control
        .published("twitter")
        .map((i) => i.text)
        .sort(),
    ).toEqual(["Given up early", "Given up late"]);
  });

  it("without latency a call is answered at once; setLatency changes it for the next calls", async () => {
    s = await startSandbox();
    let t0 = performance.now();
    expect((await tweet(s, "Fast network")).status).toBe(201);
    expect(performance.now() - t0).toBeLessThan(150);
    s.control.setLatency(250);
    t0 = performance.now();
    expect((await tweet(s, "Slow now")).status).toBe(201);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(240);
    s.control.setLatency(0);
    t0 = performance.now();
    expect((await tweet(s, "Fast again")).status).toBe(201);
    expect(performance.now() - t0).toBeLessThan(150);
  });
});

describe("the published record", () => {
  it("keeps the last publishedLimit items", async () => {
    s = await startSandbox({ publishedLimit: 3 });
    for (let i = 1; i <= 5; i++) expect((await tweet(s, `Post ${i}`)).status).toBe(201);
    expect(s.control.published("twitter").map((i) => i.text)).toEqual(["Post 3", "Post 4", "Post 5"]);
  });
});
