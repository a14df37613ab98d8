import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  accountCellText,
  POST_CSV_COLUMNS,
  POST_CSV_MAX_ROWS,
  POST_CSV_MESSAGES,
  POST_MESSAGES,
  type Post,
  type PostCsvImportResponse,
  type PostCsvPreviewResponse,
  safeCell,
  wallClock,
} from "@app/shared";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { posts, subscriptions } from "../../src/db/schema";
import { safeFetch } from "../../src/lib/safe-fetch";
import { parseCsv } from "../csv";
import { createNetworkTestApp, joinWorkspace, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";
import { uploadBytes } from "../publishing";

let t: NetworkTestApp;
/** A server of images "on the internet": the test lets the import reach it (it is on this machine). */
let images: Server;
let imagesUrl: string;
const png = await readFile(path.join(import.meta.dirname, "../fixtures/sample.png"));

beforeEach(async () => {
  images = createServer((req, res) => {
    if (req.url === "/spring.png") res.writeHead(200, { "content-type": "image/png" }).end(png);
    else if (req.url === "/moved") res.writeHead(302, { location: "/spring.png" }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => images.listen(0, "127.0.0.1", r));
  imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  t = await createNetworkTestApp(
    // Roles are read afresh on every request, so a member joined in a test works in the workspace at once.
    { SESSION_CACHE_SECONDS: "0" },
    {
      // This server only counts as public; any other private address stays refused.
      fetchMedia: (url) =>
        safeFetch(url, {
          maxBytes: 50 * 1024 * 1024,
          allowAddress: (a) => a === "127.0.0.1" && url.startsWith(imagesUrl),
        }),
    },
  );
});
afterEach(async () => {
  await t.close();
  await new Promise((r) => images.close(r));
});

const ZONE = "Europe/Paris";
const DAY = 86_400_000;
const dayIn = (days: number) => wallClock(new Date(t.clock.now().getTime() + days * DAY), ZONE).date;

/** A CSV file's text from rows of cells (quoted where needed). */
const csv = (rows: readonly (readonly string[])[], eol = "\r\n") =>
  rows.map((r) => r.map((c) => (/[",\r\n;]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",")).join(eol) + eol;

function upload(cookie: string, url: string, body: string | Buffer) {
  const boundary = `----b${randomUUID()}`;
  return t.app.inject({
    method: "POST",
    url,
    headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="posts.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(body),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}
const query = (mode: string) => `mode=${mode}&timezone=${encodeURIComponent(ZONE)}`;
const preview = (cookie: string, mode: string, body: string | Buffer) =>
  upload(cookie, `/api/posts/import/preview?${query(mode)}`, body);
const importCsv = (cookie: string, mode: string, body: string | Buffer) =>
  upload(cookie, `/api/posts/import?${query(mode)}`, body);
const exportCsv = (cookie: string, q = "") =>
  t.app.inject({ method: "GET", url: `/api/posts/export.csv${q}`, headers: { cookie } });

async function premium(cookie: string) {
  const me = (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json();
  await t.db
    .insert(subscriptions)
    .values({ workspaceId: me.workspace.id, userId: me.user.id, status: "active", tier: "premium" });
}
const postCount = async () => (await t.db.select({ n: count() }).from(posts))[0]?.n ?? 0;

async function owner() {
  const { cookie } = await signedInUser(t.app);
  const linkedin = (await connect(t, cookie, "linkedin", "acme")).json().account.id as string;
  const twitter = (await connect(t, cookie, "twitter", "acme_x")).json().account.id as string;
  const imageId = await uploadBytes(t, cookie, "beach.png", png);
  const campaign = await t.app.inject({
    method: "POST",
    url: "/api/campaigns",
    headers: { cookie },
    payload: { name: "Spring launch" },
  });
  expect(campaign.statusCode, campaign.body).toBe(201);
  // How a file names each account (the sandbox chooses their usernames).
  const accounts = (await t.app.inject({ method: "GET", url: "/api/accounts", headers: { cookie } })).json().accounts;
  const ref = (id: string) => accountCellText(accounts.find((a: { id: string }) => a.id === id));
  const refs = { linkedin: ref(linkedin), twitter: ref(twitter) };
  return { cookie, linkedin, twitter, imageId, refs, campaignId: campaign.json().campaign.id as string };
}

const HEADER = ["date", "time", "time zone", "text", "accounts", "media", "hashtags", "first comment", "campaign"];

describe("importing a file with good and bad rows", () => {
  test("the preview names each bad row's line and problem and saves nothing; the import saves the good rows and gives back the others to fix", async () => {
    const { cookie, linkedin, refs } = await owner();
    await premium(cookie);
    const file = csv([
      HEADER,
      [
        dayIn(3),
        "09:00",
        "",
        "Spring is here",
        "linkedin",
        "beach.png [4:5]",
        "#spring launch",
        "More below",
        "spring launch",
      ],
      [dayIn(4), "18:30", "America/New_York", "Two\nlines", `${refs.twitter}, ${refs.linkedin}`, "", "", "", ""],
      [dayIn(5), "10:00", "", "Nowhere to go", "", "", "", "", ""],
      [dayIn(5), "10:00", "", "Wrong network", "myspace", "", "", "", ""],
      ["31/12/2030", "10:00", "", "Wrong date", "linkedin", "", "", "", ""],
      [dayIn(5), "10:00", "", "Missing file", "linkedin", "nope.png", "", "", "Autumn"],
      [dayIn(5), "10:00", "", "Not connected", "facebook", "", "", "", ""],
      [dayIn(-2), "10:00", "", "Too late", "linkedin", "", "", "", ""],
      ["", "", "", "   ", "linkedin", "", "", "", ""],
    ]);

    const seen = await preview(cookie, "scheduled", file);
    expect(seen.statusCode, seen.body).toBe(200);
    const body = seen.json() as PostCsvPreviewResponse;
    expect(body).toMatchObject({ valid: 2, refused: 7 });
    expect(body.rows.map((r) => r.line)).toEqual([2, 3, 5, 6, 7, 8, 9, 10, 11]);
    expect(body.rows[0]).toMatchObject({ timezone: ZONE, platforms: ["linkedin"], hashtags: ["spring", "launch"] });
    expect(body.rows[1]).toMatchObject({ content: "Two\nlines", timezone: "America/New_York" });
    const problems = body.rows.flatMap((r) => r.problems.map((p) => [p.line, p.column, p.message]));
    expect(problems).toEqual([
      [5, null, POST_MESSAGES.noPlatforms],
      [6, "accounts", expect.stringContaining("“myspace” is not a network")],
      [7, "date", POST_CSV_MESSAGES.dateFormat],
      [8, "media", POST_CSV_MESSAGES.mediaNotFound("nope.png")],
      [8, "campaign", POST_CSV_MESSAGES.campaignNotFound("Autumn")],
      [9, "accounts", POST_CSV_MESSAGES.networkNotConnected("Facebook")],
      [10, null, POST_MESSAGES.pastTime],
      [11, null, POST_MESSAGES.contentRequired],
    ]);
    expect(await postCount()).toBe(0);

    const res = await importCsv(cookie, "scheduled", file);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as PostCsvImportResponse;
    expect(done.imported.map((i) => i.line)).toEqual([2, 3]);
    expect(done.refused.map((r) => r.line)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    const first = (
      await t.app.inject({ method: "GET", url: `/api/posts/${done.imported[0]?.postId}`, headers: { cookie } })
    ).json().post as Post;
    expect(first).toMatchObject({
      status: "scheduled",
      content: "Spring is here",
      hashtags: ["spring", "launch"],
      scheduledDate: dayIn(3),
      scheduledTime: "09:00",
      timezone: ZONE,
      firstComment: "More below",
      platforms: ["linkedin"],
    });
    expect(first.media).toEqual([{ id: expect.any(String), aspectRatio: "4:5" }]);
    expect(first.targets.map((x) => x.accountId)).toEqual([linkedin]);
    expect(first.campaignId).not.toBeNull();

    // The refused rows, as written, with why: fixed, they import.
    const refused = parseCsv(done.refusedCsv ?? "");
    expect(refused[0]).toEqual([...HEADER, "error"]);
    expect(refused.slice(1).map((r) => r[3])).toEqual([
      "Nowhere to go",
      "Wrong network",
      "Wrong date",
      "Missing file",
      "Not connected",
      "Too late",
      "   ",
    ]);
    expect(refused[1]?.[9]).toBe(POST_MESSAGES.noPlatforms);
    expect(refused[4]?.[9]).toBe(
      `media: ${POST_CSV_MESSAGES.mediaNotFound("nope.png")} campaign: ${POST_CSV_MESSAGES.campaignNotFound("Autumn")}`,
    );
    const fixed = refused.map((r, i) =>
      i === 0 ? r : [dayIn(6), "08:00", ...r.slice(2, 4), "linkedin", "", "", "", "", r[9] ?? ""],
    );
    fixed[7] = [dayIn(6), "08:00", "", "Was blank", "linkedin", "", "", "", "", "an old error"];
    const again = await importCsv(cookie, "scheduled", csv(fixed));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().refused).toEqual([]);
    expect(again.json().imported).toHaveLength(7);
    expect(await postCount()).toBe(9);
  });

  test("drafts need no network nor date; a file from a spreadsheet (semicolons, a BOM, 9:00) reads the same", async () => {
    const { cookie } = await owner();
    const file = `\ufeff${["text;time;date;accounts", "An idea;;;", '"Later; maybe";9:00;2031-01-02;twitter'].join("\n")}\n`;
    const res = await importCsv(cookie, "draft", file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refused).toEqual([]);
    const list = (await t.app.inject({ method: "GET", url: "/api/posts?status=draft", headers: { cookie } })).json()
      .posts as Post[];
    expect(list.map((p) => [p.content, p.scheduledTime])).toEqual(
      expect.arrayContaining([
        ["An idea", "09:00"],
        ["Later; maybe", "09:00"],
      ]),
    );
    expect(list.find((p) => p.content === "Later; maybe")?.scheduledDate).toBe("2031-01-02");
  });

  test("the file as a whole: more than 1,000 rows, no text column, an unknown column, no rows, no file", async () => {
    const { cookie } = await owner();
    const many = csv([["text"], ...Array.from({ length: POST_CSV_MAX_ROWS + 1 }, (_, i) => [`Post ${i}`])]);
    const tooMany = await importCsv(cookie, "draft", many);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.message).toBe(POST_CSV_MESSAGES.tooManyRows(POST_CSV_MAX_ROWS));
    expect(tooMany.json().error.message).toContain("1,000");
    expect(await postCount()).toBe(0);
    const exactly = await preview(cookie, "draft", csv([["text"], ...Array.from({ length: 1000 }, () => ["x"])]));
    expect(exactly.statusCode, exactly.body).toBe(200);

    const unknown = await importCsv(cookie, "draft", "text,status\nHello,draft\n");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain("“status” is not one an import reads");
    expect((await importCsv(cookie, "draft", "date,time\n2030-01-01,09:00\n")).statusCode).toBe(400);
    expect((await importCsv(cookie, "draft", "text\n")).json().error.message).toBe(POST_CSV_MESSAGES.empty);
    const unclosed = await importCsv(cookie, "draft", 'text\n"never closed\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().error.message).toMatch(/^The file could not be read as CSV: /);
    const noFile = await t.app.inject({
      method: "POST",
      url: `/api/posts/import?${query("draft")}`,
      headers: { cookie },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe(POST_CSV_MESSAGES.noFile);
    const badMode = await importCsv(cookie, "published", "text\nx\n");
    expect(badMode.statusCode).toBe(400);
    expect(await postCount()).toBe(0);
  });

  test("a comma missing its quotes is a problem of its row, not a silent cut", async () => {
    const { cookie } = await owner();
    const res = await preview(cookie, "draft", "text,accounts\nHello, world,linkedin\n");
    expect(res.json().rows[0].problems[0].message).toBe(POST_CSV_MESSAGES.extraCells(3, 2));
    // Under a column without a name, too; the refused rows' error column is read past.
    const blank = await preview(cookie, "draft", "text,,error\nHello,world,old error\n");
    expect(blank.json().rows[0].problems[0].message).toBe(POST_CSV_MESSAGES.extraCells(3, 2));
    const fine = await preview(cookie, "draft", "text,,error\nHello,,old error\n");
    expect(fine.json().rows[0].problems).toEqual([]);
  });
});

describe("media by web address", () => {
  test("a public file is fetched into the library once; a private address is refused with its row", async () => {
    const { cookie } = await owner();
    const file = csv([
      ["date", "time", "text", "accounts", "media"],
      [dayIn(2), "09:00", "From the web", "linkedin", `${imagesUrl}/moved [16:9]`],
      [dayIn(2), "10:00", "Same file", "linkedin", `${imagesUrl}/moved`],
      [dayIn(2), "11:00", "Missing", "linkedin", `${imagesUrl}/gone.png`],
      [dayIn(2), "12:00", "Inside", "linkedin", "http://169.254.169.254/latest/meta-data"],
      [dayIn(2), "13:00", "Not web", "linkedin", "ftp://example.com/a.png"],
    ]);
    const seen = (await preview(cookie, "scheduled", file)).json() as PostCsvPreviewResponse;
    // The preview fetches nothing: only the address's form is checked.
    expect(seen.rows.map((r) => r.problems.length)).toEqual([0, 0, 0, 0, 1]);
    const res = await importCsv(cookie, "scheduled", file);
    const done = res.json() as PostCsvImportResponse;
    expect(done.imported.map((i) => i.line)).toEqual([2, 3]);
    expect(done.refused).toEqual([
      {
        line: 4,
        problems: [
          {
            line: 4,
            column: "media",
            message: POST_CSV_MESSAGES.mediaUrlFailed(`${imagesUrl}/gone.png`, POST_CSV_MESSAGES.urlStatus(404)),
          },
        ],
      },
      {
        line: 5,
        problems: [
          {
            line: 5,
            column: "media",
            message: POST_CSV_MESSAGES.mediaUrlFailed(
              "http://169.254.169.254/latest/meta-data",
              POST_CSV_MESSAGES.urlPrivate,
            ),
          },
        ],
      },
      {
        line: 6,
        problems: [
          {
            line: 6,
            column: "media",
            message: POST_CSV_MESSAGES.mediaUrlFailed("ftp://example.com/a.png", POST_CSV_MESSAGES.urlNotWeb),
          },
        ],
      },
    ]);
    const library = (await t.app.inject({ method: "GET", url: "/api/media", headers: { cookie } })).json().media;
    expect(library.map((m: { originalName: string }) => m.originalName).sort()).toEqual(["beach.png", "spring.png"]);
    const get = (id?: string) => t.app.inject({ method: "GET", url: `/api/posts/${id}`, headers: { cookie } });
    const [a, b] = [
      (await get(done.imported[0]?.postId)).json().post,
      (await get(done.imported[1]?.postId)).json().post,
    ];
    expect(a.media[0].aspectRatio).toBe("16:9");
    expect(b.media[0].id).toBe(a.media[0].id);
  });
});

describe("export", () => {
  test("the list's filter as a CSV file in the import's columns, which imports back as the same posts", async () => {
    const { cookie, linkedin, twitter, imageId, campaignId, refs } = await owner();
    await premium(cookie);
    const made = [
      {
        content: '=HYPERLINK("http://evil.example","x")\nsecond line, with "quotes"',
        hashtags: ["spring", "launch"],
        mentions: ["ada"],
        accountIds: [linkedin, twitter],
        media: [{ id: imageId, aspectRatio: "16:9" }],
        scheduledDate: dayIn(3),
        scheduledTime: "09:15",
        timezone: "America/New_York",
        status: "scheduled",
        options: { linkedin: { visibility: "CONNECTIONS" }, twitter: { thread: true } },
        variants: { twitter: { content: "Short for X", hashtags: ["x"], media: [] } },
        firstComment: "-50% in the first comment",
        campaignId,
      },
      {
        content: "A draft",
        timezone: ZONE,
        status: "draft",
        accountIds: [linkedin],
        scheduledDate: dayIn(4),
        scheduledTime: "12:00",
      },
    ];
    for (const payload of made) {
      const res = await t.app.inject({ method: "POST", url: "/api/posts", headers: { cookie }, payload });
      expect(res.statusCode, res.body).toBe(200);
    }

    const res = await exportCsv(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="posts.csv"');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([...POST_CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    const scheduled = rows.find((r) => r[3]?.includes("HYPERLINK")) as string[];
    // Formulas are defused for spreadsheets.
    expect(scheduled[3]?.startsWith("'=HYPERLINK")).toBe(true);
    expect(scheduled[8]).toBe(safeCell("-50% in the first comment"));
    expect(scheduled.slice(0, 3)).toEqual([dayIn(3), "09:15", "America/New_York"]);
    expect(scheduled[4]).toBe(`${refs.linkedin}, ${refs.twitter}`);
    expect(scheduled[5]).toBe("beach.png [16:9]");
    expect(scheduled[6]).toBe("#spring #launch");
    expect(scheduled[9]).toBe("Spring launch");

    // The status and campaign filters, as the posts list has them ("none": the posts in no campaign).
    expect(parseCsv((await exportCsv(cookie, "?status=draft")).body)).toHaveLength(2);
    const inNone = parseCsv((await exportCsv(cookie, "?campaignId=none")).body);
    expect(inNone.map((r) => r[3])).toEqual(["text", "A draft"]);
    expect(parseCsv((await exportCsv(cookie, `?campaignId=${campaignId}`)).body)).toHaveLength(2);
    expect((await exportCsv(cookie, "?campaignId=nope")).statusCode).toBe(400);

    // Imported back, then exported again: every row twice, unchanged.
    const back = await importCsv(cookie, "scheduled", res.body);
    expect(back.json().refused.map((r: { problems: unknown }) => r.problems)).toEqual([]);
    const twice = parseCsv((await exportCsv(cookie)).body).slice(1);
    const sorted = (list: string[][]) => list.map((r) => JSON.stringify(r)).sort();
    expect(sorted(twice)).toEqual(sorted([...rows.slice(1), ...rows.slice(1)]));
    const copies = (await t.app.inject({ method: "GET", url: "/api/posts", headers: { cookie } })).json()
      .posts as Post[];
    const twin = copies.filter((p) => p.content.startsWith("=HYPERLINK"));
    expect(twin).toHaveLength(2);
    const strip = (p: Post) => ({ ...p, id: "", createdAt: "", updatedAt: "", targets: [], authorId: "" });
    expect(strip(twin[1] as Post)).toEqual(strip(twin[0] as Post));
  });

  test("a template to start from", async () => {
    const { cookie } = await owner();
    const res = await t.app.inject({ method: "GET", url: "/api/posts/import/template.csv", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body)[0]).toEqual([...POST_CSV_COLUMNS]);
    const seen = (await preview(cookie, "draft", res.body)).json() as PostCsvPreviewResponse;
    expect(seen.rows).toHaveLength(1);
  });
});

describe("roles", () => {
  test("a contributor imports drafts or submits them for approval, and cannot schedule or queue; everyone exports", async () => {
    const { cookie } = await owner();
    const contributor = await joinWorkspace(t, { cookie }, "contributor");
    const file = csv([
      ["date", "time", "text", "accounts"],
      [dayIn(2), "09:00", "From a contributor", "linkedin"],
    ]);
    for (const mode of ["scheduled", "queue"]) {
      for (const call of [preview, importCsv]) {
        const res = await call(contributor.cookie, mode, file);
        expect(res.statusCode, res.body).toBe(403);
      }
    }
    expect(await postCount()).toBe(0);
    const drafts = await importCsv(contributor.cookie, "draft", file);
    expect(drafts.json().imported).toHaveLength(1);
    const submitted = await importCsv(contributor.cookie, "pending_approval", file);
    expect(submitted.json().imported).toHaveLength(1);
    const status = await t.db
      .select({ status: posts.status })
      .from(posts)
      .where(eq(posts.content, "From a contributor"));
    expect(status.map((s) => s.status).sort()).toEqual(["draft", "pending_approval"]);
    expect(parseCsv((await exportCsv(contributor.cookie)).body)).toHaveLength(3);
  });

  test("signed out: 401", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/posts/export.csv" });
    expect(res.statusCode).toBe(401);
  });
});

test("a multipart body that cannot be read is a 400, whatever breaks it", async () => {
  const { cookie } = await signedInUser(t.app);
  const b = "----repro";
  const part = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc\r\n--${boundary}--\r\n`;
  for (const [type, body] of [
    ["multipart/form-data", part(b)],
    [`multipart/form-data; boundary=${"b".repeat(80)}`, part("b".repeat(80))],
    [
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc`,
    ],
    [
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\ntext\nabc`,
    ],
    [`multipart/form-data; boundary=${b}`, "\u0000\u0001garbage\r\n\r\n--"],
  ] as const) {
    for (const url of ["/api/posts/import", "/api/posts/import/preview"]) {
      const res = await t.app.inject({
        method: "POST",
        url: `${url}?${query("draft")}`,
        headers: { cookie, "content-type": type },
        payload: body,
      });
      expect(res.statusCode, `${type} ${body}: ${res.body}`).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
  }
});

test("another workspace's accounts, files and campaigns are not found by id or name, and its posts are not exported", async () => {
  const a = await owner();
  await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie: a.cookie },
    payload: { content: "A's secret plan", timezone: ZONE, status: "draft" },
  });
  const { cookie } = await signedInUser(t.app);
  const res = await preview(
    cookie,
    "draft",
    csv([
      ["text", "accounts", "media", "campaign"],
      ["By id", a.linkedin, a.imageId, ""],
      ["By name", a.refs.linkedin, "beach.png", "Spring launch"],
    ]),
  );
  const problems = (res.json() as PostCsvPreviewResponse).rows.map((r) => r.problems.map((p) => p.message));
  expect(problems).toEqual([
    [POST_CSV_MESSAGES.accountNotFound(a.linkedin), POST_CSV_MESSAGES.mediaNotFound(a.imageId)],
    [
      POST_CSV_MESSAGES.accountNotFound(a.refs.linkedin),
      POST_CSV_MESSAGES.mediaNotFound("beach.png"),
      POST_CSV_MESSAGES.campaignNotFound("Spring launch"),
    ],
  ]);
  const exported = await exportCsv(cookie);
  expect(exported.body).not.toContain("secret");
  expect(parseCsv(exported.body)).toHaveLength(1);
});

test("rows imported to the queue take the next free time slots of their accounts, one slot each", async () => {
  const { cookie } = await owner();
  await premium(cookie);
  const slots = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, time: "09:00" }));
  const set = await t.app.inject({
    method: "PUT",
    url: "/api/queue/slots",
    headers: { cookie },
    payload: { accountId: null, slots },
  });
  expect(set.statusCode, set.body).toBe(200);
  const file = csv([
    ["date", "time", "text", "accounts"],
    ["", "", "First in the queue", "linkedin"],
    [dayIn(40), "23:00", "Second in the queue (its own time is not used)", "linkedin"],
    ["", "", "", "linkedin"],
  ]);
  const seen = (await preview(cookie, "queue", file)).json() as PostCsvPreviewResponse;
  expect(seen.rows.map((r) => r.problems.map((p) => p.message))).toEqual([[], [], [POST_MESSAGES.contentRequired]]);
  const done = (await importCsv(cookie, "queue", file)).json() as PostCsvImportResponse;
  expect(done.imported.map((i) => i.line)).toEqual([2, 3]);
  const get = async (id?: string) =>
    (await t.app.inject({ method: "GET", url: `/api/posts/${id}`, headers: { cookie } })).json().post as Post;
  const [a, b] = [await get(done.imported[0]?.postId), await get(done.imported[1]?.postId)];
  expect([a.status, b.status]).toEqual(["scheduled", "scheduled"]);
  expect(wallClock(new Date(a.scheduledAt), "UTC").time).toBe("09:00");
  expect(wallClock(new Date(b.scheduledAt), "UTC").time).toBe("09:00");
  expect(new Date(b.scheduledAt).getTime() - new Date(a.scheduledAt).getTime()).toBe(DAY);
});
