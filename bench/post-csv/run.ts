/**
 * bench/post-csv (npm run bench:post-csv): importing a CSV file of 1,000 posts through the real HTTP app (listening
 * on a port, requests over HTTP with fetch) on the embedded database (PGlite), against the sandbox networks.
 *
 * One Premium workspace with a LinkedIn and an X account, a library image and a campaign; a file of 1,000 rows
 * (scheduled over the next weeks, in two time zones, with hashtags, the image by name, the campaign by name and a
 * first comment). Times the preview (every row read and checked, nothing saved) and the import as scheduled posts
 * (every row saved through the posts service), then the export of the 1,000 posts. Prints one JSON line beside the
 * target (import under 10 s), with the CPU time the process (app and database alike) spent on each: on a busy
 * machine the wall-clock time says more about the neighbours. Nothing is asserted. BENCH_ROWS changes the number of rows (at most 1,000).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { POST_CSV_COLUMNS, wallClock } from "@app/shared";
import { createNetworkTestApp, signedInUser } from "../../apps/server/test/helpers";
import { connect } from "../../apps/server/test/oauth";
import { uploadBytes } from "../../apps/server/test/publishing";
import { upgradeToPremium } from "../../apps/server/test/results";

const ROWS = Math.min(Number(process.env.BENCH_ROWS ?? 1_000), 1_000);
const TARGET_IMPORT_S = 10;
const DAY = 86_400_000;

const quote = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

async function main() {
  const t = await createNetworkTestApp();
  try {
    const { cookie } = await signedInUser(t.app);
    await upgradeToPremium(t, cookie);
    for (const platform of ["linkedin", "twitter"] as const) await connect(t, cookie, platform);
    const png = await readFile(path.join(import.meta.dirname, "../../apps/server/test/fixtures/sample.png"));
    await uploadBytes(t, cookie, "launch.png", png);
    await t.app.inject({ method: "POST", url: "/api/campaigns", headers: { cookie }, payload: { name: "Bench" } });

    const lines = [POST_CSV_COLUMNS.join(",")];
    for (let i = 0; i < ROWS; i++) {
      const zone = i % 2 ? "America/New_York" : "Europe/Paris";
      const at = wallClock(new Date(t.clock.now().getTime() + (1 + (i % 60)) * DAY), zone);
      const time = `${String(6 + (i % 16)).padStart(2, "0")}:${String((i * 7) % 60).padStart(2, "0")}`;
      const cells: Record<(typeof POST_CSV_COLUMNS)[number], string> = {
        date: at.date,
        time,
        "time zone": zone,
        text: `Post number ${i}: what we learned this week, in a few lines.\nRead more on our blog.`,
        accounts: i % 3 ? "linkedin, twitter" : "linkedin",
        media: i % 4 ? "" : "launch.png [1:1]",
        hashtags: "#bench #csv",
        mentions: "",
        "first comment": i % 5 ? "" : "More in the comments",
        campaign: i % 2 ? "Bench" : "",
        "facebook page": "",
        options: "",
        variants: "",
      };
      lines.push(POST_CSV_COLUMNS.map((c) => quote(cells[c])).join(","));
    }
    const file = `${lines.join("\r\n")}\r\n`;

    const send = async (url: string) => {
      const form = new FormData();
      form.append("file", new Blob([file], { type: "text/csv" }), "posts.csv");
      const started = performance.now();
      const cpu = process.cpuUsage();
      const res = await fetch(`${t.baseUrl}${url}`, {
        method: "POST",
        headers: { cookie, origin: t.baseUrl },
        body: form,
      });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
      const used = process.cpuUsage(cpu);
      return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, body };
    };
    const query = "mode=scheduled&timezone=Europe%2FParis";
    const preview = await send(`/api/posts/import/preview?${query}`);
    const imported = await send(`/api/posts/import?${query}`);
    const started = performance.now();
    const exported = await (await fetch(`${t.baseUrl}/api/posts/export.csv`, { headers: { cookie } })).text();
    const exportMs = performance.now() - started;

    console.log(
      JSON.stringify({
        bench: "post-csv",
        database: "pglite",
        rows: ROWS,
        bytes: Buffer.byteLength(file),
        preview_s: Math.round(preview.ms) / 1000,
        preview_cpu_s: Math.round(preview.cpuMs) / 1000,
        preview_valid: preview.body.valid,
        import_s: Math.round(imported.ms) / 1000,
        import_cpu_s: Math.round(imported.cpuMs) / 1000,
        imported: imported.body.imported.length,
        refused: imported.body.refused.length,
        export_s: Math.round(exportMs) / 1000,
        export_rows: exported.trimEnd().split("\r\n").length - 1,
        target_import_s: TARGET_IMPORT_S,
      }),
    );
  } finally {
    await t.close();
  }
}

await main();
