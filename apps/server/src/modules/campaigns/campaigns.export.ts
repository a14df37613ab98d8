import type { Readable } from "node:stream";
import { engagementRate, engagementsOf, reachOf } from "@app/shared";
import { type CsvValue, csvStream } from "../../lib/csv";
import type { CampaignExportRow } from "./campaigns.repo";

/** A network without a reading (not published, or not read yet) has its figures empty. */
const hasReading = (r: CampaignExportRow) => r.readAt !== null;

/** The export's columns, in order: a header and how each row fills it. Reach and engagements as the figures count them. */
const COLUMNS: [header: string, cell: (row: CampaignExportRow) => CsvValue][] = [
  ["Scheduled at", (r) => r.scheduledAt.toISOString()],
  ["Post", (r) => r.content],
  ["Post status", (r) => r.postStatus],
  ["Network", (r) => r.platform],
  ["Account", (r) => r.accountHandle],
  ["Network status", (r) => r.targetStatus],
  ["Published at", (r) => r.publishedAt?.toISOString()],
  ["Link", (r) => r.externalUrl],
  ["Views", (r) => r.views],
  ["Reach", (r) => (hasReading(r) ? reachOf(r) : null)],
  ["Likes", (r) => r.likes],
  ["Comments", (r) => r.comments],
  ["Shares", (r) => r.shares],
  ["Saves", (r) => r.saves],
  ["Clicks", (r) => r.clicks],
  ["Engagements", (r) => (hasReading(r) ? engagementsOf(r) : null)],
  ["Engagement rate (%)", (r) => (hasReading(r) ? engagementRate(engagementsOf(r), reachOf(r)) : null)],
  ["Read at", (r) => r.readAt?.toISOString()],
];
export const CAMPAIGN_EXPORT_HEADER = COLUMNS.map(([header]) => header);

/**
 * A campaign's posts and results as a CSV file, streamed as read: a row per network of each post (a post
 * without networks has one, with them empty), dates in ISO 8601 (UTC), a missing figure empty, and every text
 * defused against spreadsheet formulas (lib/csv.ts).
 */
export function campaignCsv(rows: AsyncIterable<CampaignExportRow>, onError: (err: Error) => void): Readable {
  async function* records() {
    for await (const row of rows) yield COLUMNS.map(([, cell]) => cell(row));
  }
  return csvStream(CAMPAIGN_EXPORT_HEADER, records(), onError);
}

/** The export's file name: the campaign's slug (letters, digits and dashes only). */
export const campaignFileName = (slug: string) => `campaign-${slug}.csv`;
