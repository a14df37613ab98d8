import { INBOX_STATUS_FILTERS, type InboxStatusFilter, PLATFORMS, type Platform } from "@app/shared";

/**
 * What the Inbox shows, as kept in the address (?tab=inbox&status=&platform=&account=&assigned=me&q=&page=), so
 * a reload, a shared link or the sidebar opens the same list. `conversation` is the one opened beside it.
 */
export interface InboxFilter {
  /** open (the default), done or all */
  status: InboxStatusFilter;
  /** "" = every network */
  platform: Platform | "";
  /** an account id; "" = every account */
  account: string;
  /** only the conversations assigned to the member */
  mine: boolean;
  /** words to search for; "" = none */
  q: string;
  /** 1-based */
  page: number;
}

export const DEFAULT_INBOX_FILTER: InboxFilter = {
  status: "open",
  platform: "",
  account: "",
  mine: false,
  q: "",
  page: 1,
};

/** The Engagement screen's tab the Inbox is (?tab=inbox). */
export const INBOX_TAB = "inbox";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isStatus = (v: string): v is InboxStatusFilter => (INBOX_STATUS_FILTERS as readonly string[]).includes(v);
const isPlatform = (v: string): v is Platform => (PLATFORMS as readonly string[]).includes(v);
/** The longest search the server takes. */
export const INBOX_SEARCH_MAX = 200;

/** The filter an address asks for: anything unknown falls back to the default. */
export function inboxFilterFromParams(params: URLSearchParams): InboxFilter {
  const status = params.get("status") ?? "";
  const platform = params.get("platform") ?? "";
  const account = params.get("account") ?? "";
  const page = Number(params.get("page"));
  return {
    status: isStatus(status) ? status : DEFAULT_INBOX_FILTER.status,
    platform: isPlatform(platform) ? platform : "",
    account: UUID.test(account) ? account : "",
    mine: params.get("assigned") === "me",
    q: (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, INBOX_SEARCH_MAX),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The conversation opened in the address (?conversation=), or null. */
export function conversationFromParams(params: URLSearchParams): string | null {
  const id = params.get("conversation") ?? "";
  return UUID.test(id) ? id : null;
}

/**
 * The address's search params for the Inbox tab with a filter (only what differs from the default) and the
 * conversation opened, if any. The inverse of inboxFilterFromParams and conversationFromParams.
 */
export function paramsOfInboxFilter(filter: InboxFilter, conversation: string | null = null): URLSearchParams {
  const params = new URLSearchParams({ tab: INBOX_TAB });
  if (filter.status !== DEFAULT_INBOX_FILTER.status) params.set("status", filter.status);
  if (filter.platform) params.set("platform", filter.platform);
  if (filter.account) params.set("account", filter.account);
  if (filter.mine) params.set("assigned", "me");
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.page > 1) params.set("page", String(filter.page));
  if (conversation) params.set("conversation", conversation);
  return params;
}

/** The query of GET /api/inbox for a filter (its names are the API's: accountId, assigned=me). */
export function inboxApiSearch(filter: InboxFilter): string {
  const params = new URLSearchParams({ status: filter.status });
  if (filter.platform) params.set("platform", filter.platform);
  if (filter.account) params.set("accountId", filter.account);
  if (filter.mine) params.set("assigned", "me");
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.page > 1) params.set("page", String(filter.page));
  return `?${params.toString()}`;
}

/** Whether anything but the default is asked for (an empty list then says so, with Clear filters). */
export const isFiltered = (filter: InboxFilter) =>
  filter.status !== DEFAULT_INBOX_FILTER.status ||
  Boolean(filter.platform || filter.account || filter.mine || filter.q.trim());

/** How many pages the list has (at least one, even when empty). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
