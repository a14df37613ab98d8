import { normalizeSearch, POST_STATUSES } from "@app/shared";

/**
 * The export's query from the posts list's filter in the address (?status=, ?campaign= an id or "none", ?q=): the
 * file holds the posts the list shows.
 */
export function exportQuery(params: URLSearchParams): string {
  const out = new URLSearchParams();
  const status = params.get("status");
  if (status && (POST_STATUSES as readonly string[]).includes(status)) out.set("status", status);
  const campaign = params.get("campaign");
  if (campaign) out.set("campaignId", campaign);
  const q = normalizeSearch(params.get("q"));
  if (q) out.set("q", q);
  const text = out.toString();
  return text ? `?${text}` : "";
}
