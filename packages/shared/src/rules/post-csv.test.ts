import { describe, expect, test } from "vitest";
import { POST_CSV_MESSAGES } from "../constants/messages";
import { POST_CSV_COLUMNS, type PostCsvColumn } from "../constants/post-csv";
import { restoreCell, safeCell } from "./csv-cell";
import {
  accountCellText,
  isPlainMediaName,
  type PostCsvWritable,
  parsePostCsvRow,
  postCsvCells,
  readPostCsvHeader,
} from "./post-csv";
import { parseTags } from "./tags";

const ZONE = { timezone: "Europe/Paris" };
const rowOf = (cells: Partial<Record<PostCsvColumn, string>>) => parsePostCsvRow(cells, ZONE);

describe("the first line", () => {
  test("names the columns in any order, case and spacing; the refused rows' error column is read past", () => {
    const read = readPostCsvHeader(["Text", "TIME_ZONE", "date", " accounts ", "error", ""]);
    expect(read).toEqual({ columns: ["text", "time zone", "date", "accounts", null, null] });
  });

  test("a column no import reads is refused, naming it, so nothing in it is dropped unseen", () => {
    const read = readPostCsvHeader(["text", "Status"]);
    expect(read).toEqual({ error: POST_CSV_MESSAGES.unknownColumn("Status", POST_CSV_COLUMNS.join(", ")) });
    expect(readPostCsvHeader(["text", "Text"])).toEqual({ error: POST_CSV_MESSAGES.duplicateColumn("text") });
    // A first line that is a post, not the columns' names.
    expect("error" in readPostCsvHeader(["2030-01-01", "09:00", "Hello"])).toBe(true);
    expect(readPostCsvHeader(["date", "time"])).toEqual({
      error: POST_CSV_MESSAGES.textColumnMissing(POST_CSV_COLUMNS.join(", ")),
    });
  });
});

describe("a row", () => {
  test("reads every column", () => {
    const { row, problems } = rowOf({
      date: "2030-01-15",
      time: "9:00",
      "time zone": "America/New_York",
      text: "Hello\nworld ",
      accounts: "linkedin, X, twitter:@acme, @bob on Facebook, 0b7c3c4e-1a2b-4c5d-8e9f-0a1b2c3d4e5f",
      media: "beach day.jpg [4:5] | https://example.com/a.png | clip.mp4",
      hashtags: "#spring, launch ##new",
      mentions: "@ada bob",
      "first comment": "Link below",
      campaign: " Spring launch ",
      "facebook page": "123",
      options: '{"linkedin":{"visibility":"CONNECTIONS"}}',
      variants: '{"twitter":{"content":"Short","hashtags":[],"media":[]}}',
    });
    expect(problems).toEqual([]);
    expect(row).toEqual({
      scheduledDate: "2030-01-15",
      scheduledTime: "09:00",
      timezone: "America/New_York",
      content: "Hello\nworld ",
      accounts: [
        { kind: "network", platform: "linkedin", text: "linkedin" },
        { kind: "network", platform: "twitter", text: "X" },
        { kind: "username", platform: "twitter", username: "acme", text: "twitter:@acme" },
        { kind: "username", platform: "facebook", username: "bob", text: "@bob on Facebook" },
        { kind: "id", id: "0b7c3c4e-1a2b-4c5d-8e9f-0a1b2c3d4e5f", text: "0b7c3c4e-1a2b-4c5d-8e9f-0a1b2c3d4e5f" },
      ],
      media: [
        { source: "library", value: "beach day.jpg", aspectRatio: "4:5" },
        { source: "url", value: "https://example.com/a.png", aspectRatio: null },
        { source: "library", value: "clip.mp4", aspectRatio: null },
      ],
      hashtags: ["spring", "launch", "new"],
      mentions: ["ada", "bob"],
      firstComment: "Link below",
      campaign: "Spring launch",
      facebookPageId: "123",
      options: { linkedin: { visibility: "CONNECTIONS" } },
      variants: { twitter: { content: "Short", hashtags: [], media: [] } },
    });
  });

  test("empty cells: no date or time, the importer's zone, nothing else", () => {
    const { row, problems } = rowOf({ text: "idea" });
    expect(problems).toEqual([]);
    expect(row).toMatchObject({
      scheduledDate: "",
      scheduledTime: "",
      timezone: "Europe/Paris",
      accounts: [],
      media: [],
      campaign: "",
      facebookPageId: null,
      options: {},
      variants: {},
    });
  });

  test("each wrong cell is a problem naming its column", () => {
    const { problems } = rowOf({
      date: "15/01/2030",
      time: "9am",
      "time zone": "Mars/Olympus",
      text: "x",
      accounts: "myspace, linkedin",
      media: "a.jpg [3:2]",
      options: "{nope",
      variants: '{"twitter":{"content":1}}',
    });
    expect(problems.map((p) => p.column)).toEqual([
      "date",
      "time",
      "time zone",
      "accounts",
      "media",
      "options",
      "variants",
    ]);
    expect(problems[0]?.message).toBe(POST_CSV_MESSAGES.dateFormat);
    expect(problems[1]?.message).toBe(POST_CSV_MESSAGES.timeFormat);
    expect(problems[2]?.message).toBe(POST_CSV_MESSAGES.timeZoneUnknown("Mars/Olympus"));
    expect(problems[3]?.message).toContain("“myspace” is not a network");
    expect(problems[4]?.message).toBe(POST_CSV_MESSAGES.cropUnknown("3:2"));
    expect(problems[5]?.message).toBe(POST_CSV_MESSAGES.jsonInvalid("options"));
    expect(problems[6]?.message).toMatch(/^The variants column is refused: twitter\.content: /);
  });

  test("a date that does not exist is refused", () => {
    expect(rowOf({ date: "2030-02-30", text: "x" }).problems[0]?.column).toBe("date");
  });
});

describe("cells and formulas", () => {
  test("restoreCell undoes safeCell for any text", () => {
    for (const text of ["=1+1", "+33 6", "-2", "@ada", "\tx", "'=x", "''+y", "'quoted", "plain", "", "1+1=2"])
      expect(restoreCell(safeCell(text))).toBe(text);
    expect(safeCell("'=x")).toBe("''=x");
    expect(safeCell("'quoted")).toBe("'quoted");
  });

  test("a defused text cell is read as written", () => {
    expect(rowOf({ text: "'=HYPERLINK(1)", "first comment": "'-50% today" }).row).toMatchObject({
      content: "=HYPERLINK(1)",
      firstComment: "-50% today",
    });
  });
});

describe("writing and reading back", () => {
  const post: PostCsvWritable = {
    scheduledDate: "2030-03-01",
    scheduledTime: "18:30",
    timezone: "Asia/Tokyo",
    content: '=SUM(A1)\nLine two, with "quotes"',
    accounts: [
      accountCellText({ id: "0b7c3c4e-1a2b-4c5d-8e9f-0a1b2c3d4e5f", platform: "linkedin", username: "acme" }),
      accountCellText({ id: "1b7c3c4e-1a2b-4c5d-8e9f-0a1b2c3d4e5f", platform: "facebook", username: null }),
    ],
    media: [
      { ref: "beach, day.jpg", aspectRatio: "16:9" },
      { ref: "2b7c3c4e-1a2b-4c5d-8e9f-0a1b2c3d4e5f", aspectRatio: "1:1" },
    ],
    hashtags: ["spring", "launch"],
    mentions: ["ada"],
    firstComment: "@see below",
    campaign: "Spring",
    facebookPageId: "page-1",
    options: { twitter: { thread: true } },
    variants: { linkedin: { content: "Longer text", hashtags: ["b2b"], media: [] } },
  };

  test("an exported row reads back as the same post", () => {
    const cells = postCsvCells(post).map(safeCell);
    const byColumn = Object.fromEntries(POST_CSV_COLUMNS.map((c, i) => [c, cells[i] ?? ""]));
    const { row, problems } = rowOf(byColumn);
    expect(problems).toEqual([]);
    expect(row).toMatchObject({
      scheduledDate: post.scheduledDate,
      scheduledTime: post.scheduledTime,
      timezone: post.timezone,
      content: post.content,
      hashtags: post.hashtags,
      mentions: post.mentions,
      firstComment: post.firstComment,
      campaign: post.campaign,
      facebookPageId: post.facebookPageId,
      options: post.options,
      variants: post.variants,
    });
    expect(row.accounts).toEqual([
      { kind: "username", platform: "linkedin", username: "acme", text: "linkedin:@acme" },
      {
        kind: "id",
        id: "1b7c3c4e-1a2b-4c5d-8e9f-0a1b2c3d4e5f",
        text: "1b7c3c4e-1a2b-4c5d-8e9f-0a1b2c3d4e5f",
      },
    ]);
    expect(row.media).toEqual([
      { source: "library", value: "beach, day.jpg", aspectRatio: "16:9" },
      { source: "library", value: "2b7c3c4e-1a2b-4c5d-8e9f-0a1b2c3d4e5f", aspectRatio: "1:1" },
    ]);
  });

  test("names that could not be read back are not used", () => {
    expect(accountCellText({ id: "i", platform: "twitter", username: "a,b" })).toBe("i");
    expect(accountCellText({ id: "i", platform: "twitter", username: "@acme" })).toBe("twitter:@acme");
    for (const name of ["a|b.jpg", "https://x.example/a.jpg", "a.jpg [1:1]", " a.jpg", ""])
      expect(isPlainMediaName(name)).toBe(false);
    expect(isPlainMediaName("beach, day (1).jpg")).toBe(true);
  });
});

test("tags: spaces or commas between, marks dropped", () => {
  expect(parseTags("#a, b  ##c,,", "#")).toEqual(["a", "b", "c"]);
  expect(parseTags("@ada,@@bob", "@")).toEqual(["ada", "bob"]);
  expect(parseTags("  ", "#")).toEqual([]);
});
