// Preloaded into a server under measurement (node --import): on SIGUSR2 it writes one JSON line of
// process.memoryUsage() to stderr, prefixed "memory-probe ", so a benchmark can break RSS down.
import process from "node:process";

process.on("SIGUSR2", () => {
  if (typeof globalThis.gc === "function") globalThis.gc();
  const m = process.memoryUsage();
  const mb = (n) => Math.round((n / 1024 / 1024) * 10) / 10;
  process.stderr.write(
    `memory-probe ${JSON.stringify({
      rss: mb(m.rss),
      heapTotal: mb(m.heapTotal),
      heapUsed: mb(m.heapUsed),
      external: mb(m.external),
      arrayBuffers: mb(m.arrayBuffers),
    })}\n`,
  );
});
