import {
  INBOX_NETWORKS,
  INBOX_STATUS_FILTERS,
  type InboxSource,
  type InboxStatusFilter,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
} from "@app/shared";
import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/utils";
import { useDebounced } from "../hooks/use-debounced";
import { INBOX_SEARCH_MAX, type InboxFilter } from "../utils/filter";

const STATUS_LABELS: Record<InboxStatusFilter, string> = { open: "Open", done: "Done", all: "All" };
/** The networks whose comments the inbox can hold. */
const READABLE = PLATFORMS.filter((p) => INBOX_NETWORKS[p].comments);
const SEARCH_DELAY_MS = 300;

/** The search box: the list is asked again once typing pauses. */
function SearchBox({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const settled = useDebounced(text, SEARCH_DELAY_MS);
  // The last value this box sent or was given: a change from outside (Clear filters) replaces the text.
  const known = useRef(value);
  useEffect(() => {
    if (value !== known.current) {
      known.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const q = settled.trim();
    if (q === known.current) return;
    known.current = q;
    onSearch(q);
  }, [settled, onSearch]);
  return (
    <div className="col-span-2 grid min-w-0 gap-1.5 sm:w-64">
      <Label htmlFor={id}>Search</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id={id}
          type="search"
          className="pl-9"
          placeholder="Words, names or handles"
          maxLength={INBOX_SEARCH_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
    </div>
  );
}

/** The Inbox's filters: status, network, account, assigned to me, and a search. */
export function InboxFilters({
  filter,
  sources,
  onChange,
}: {
  filter: InboxFilter;
  /** the connected accounts (the list's sources), for the account filter */
  sources: readonly InboxSource[];
  onChange(next: InboxFilter): void;
}) {
  const networkId = useId();
  const accountId = useId();
  const mineId = useId();
  const accounts = sources
    .map((s) => s.account)
    .filter((a) => INBOX_NETWORKS[a.platform].comments && (!filter.platform || a.platform === filter.platform));
  // An account chosen in the address that is not (or no longer) listed still shows as chosen.
  const chosenMissing = filter.account && !accounts.some((a) => a.id === filter.account);

  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <SearchBox value={filter.q} onSearch={(q) => onChange({ ...filter, q, page: 1 })} />
      <fieldset className="col-span-2 min-w-0">
        <legend className="mb-1.5 text-sm font-medium leading-none">Status</legend>
        <div className="flex h-10 rounded-md border bg-muted p-1 sm:inline-flex">
          {INBOX_STATUS_FILTERS.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={filter.status === s}
              onClick={() => onChange({ ...filter, status: s, page: 1 })}
              className={cn(
                "flex-1 cursor-pointer rounded-sm px-3 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-2 focus-visible:outline-ring sm:flex-none",
                filter.status === s && "bg-background text-foreground shadow-sm",
              )}
            >
              {STATUS_LABELS[s]}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="grid min-w-0 gap-1.5 sm:w-40">
        <Label htmlFor={networkId}>Network</Label>
        <NativeSelect
          id={networkId}
          value={filter.platform}
          onChange={(e) => {
            const platform = e.target.value as Platform | "";
            const account = sources.find((s) => s.account.id === filter.account)?.account;
            const keep = !platform || !account || account.platform === platform;
            onChange({ ...filter, platform, account: keep ? filter.account : "", page: 1 });
          }}
        >
          <option value="">All networks</option>
          {READABLE.map((p) => (
            <option key={p} value={p}>
              {PLATFORM_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid min-w-0 gap-1.5 sm:w-48">
        <Label htmlFor={accountId}>Account</Label>
        <NativeSelect
          id={accountId}
          value={filter.account}
          onChange={(e) => onChange({ ...filter, account: e.target.value, page: 1 })}
        >
          <option value="">All accounts</option>
          {chosenMissing && <option value={filter.account}>Chosen account</option>}
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({PLATFORM_LABELS[a.platform]})
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="col-span-2 flex h-10 items-center gap-2">
        <Switch id={mineId} checked={filter.mine} onCheckedChange={(mine) => onChange({ ...filter, mine, page: 1 })} />
        <Label htmlFor={mineId}>Assigned to me</Label>
      </div>
    </div>
  );
}
