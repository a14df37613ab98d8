import { PLATFORM_LABELS, PLATFORMS, type Platform, RESULTS_MESSAGES, type SocialAccount, todayIn } from "@app/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useAccounts } from "@/features/accounts/api/get-accounts";
import { addDays } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { type RangePreset, type ResultsFilter, rangeIsPremium, rangeProblem } from "../utils/filter";
import { PremiumNotice } from "./premium-notice";

const RANGE_OPTIONS: { value: RangePreset | "custom"; label: string }[] = [
  { value: 7, label: "Last 7 days" },
  { value: 30, label: "Last 30 days" },
  { value: 90, label: "Last 90 days" },
  { value: "custom", label: "Custom" },
];

const accountName = (a: SocialAccount) => a.username ?? a.displayName ?? a.platformAccountId;

/**
 * The period and filter of the Analytics and Engagement screens: a date range (7, 30, 90 days or custom), a
 * network and an account. On Free, 90 days and custom ranges are shown but disabled, with the way to Premium.
 */
export function ResultsFilterBar({
  filter,
  onChange,
  premium,
}: {
  filter: ResultsFilter;
  onChange: (next: ResultsFilter) => void;
  /** undefined while the plan is not known yet */
  premium: boolean | undefined;
}) {
  const id = useId();
  const zone = useDisplayTimeZone();
  const accounts = useAccounts().data ?? [];
  const free = premium === false;
  const historyNoteId = `${id}-history`;

  // The networks of the connected accounts (and the one chosen, should its accounts be gone).
  const platforms = PLATFORMS.filter((p) => p === filter.platform || accounts.some((a) => a.platform === p));
  const accountChoices = accounts.filter((a) => !filter.platform || a.platform === filter.platform);

  const chooseRange = (value: string) => {
    if (value === "custom") {
      // Start from the last 30 days, to be changed below.
      const today = todayIn(zone);
      onChange({ ...filter, range: "custom", from: filter.from || addDays(today, -29), to: filter.to || today });
      return;
    }
    onChange({ ...filter, range: Number(value) as RangePreset, from: "", to: "" });
  };

  const choosePlatform = (value: string) => {
    const platform = value as Platform | "";
    const account = accounts.find((a) => a.id === filter.account);
    // An account of another network no longer fits the filter.
    const keep = !platform || account?.platform === platform;
    onChange({ ...filter, platform, account: keep ? filter.account : "" });
  };

  return (
    <div className="mb-6 grid gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-range`}>Date range</Label>
          <NativeSelect
            id={`${id}-range`}
            value={String(filter.range)}
            onChange={(e) => chooseRange(e.target.value)}
            aria-describedby={free && !rangeIsPremium(filter.range) ? historyNoteId : undefined}
          >
            {RANGE_OPTIONS.map((o) => (
              <option key={o.value} value={String(o.value)} disabled={free && rangeIsPremium(o.value)}>
                {free && rangeIsPremium(o.value) ? `${o.label} (Premium)` : o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-platform`}>Network</Label>
          <NativeSelect id={`${id}-platform`} value={filter.platform} onChange={(e) => choosePlatform(e.target.value)}>
            <option value="">All networks</option>
            {platforms.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-account`}>Account</Label>
          <NativeSelect
            id={`${id}-account`}
            value={filter.account}
            onChange={(e) => onChange({ ...filter, account: e.target.value })}
          >
            <option value="">All accounts</option>
            {filter.account && !accountChoices.some((a) => a.id === filter.account) && (
              <option value={filter.account}>Chosen account</option>
            )}
            {accountChoices.map((a) => (
              <option key={a.id} value={a.id}>
                {filter.platform ? accountName(a) : `${accountName(a)} (${PLATFORM_LABELS[a.platform]})`}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {filter.range === "custom" && (
        <CustomRangeForm
          // A new range from the URL starts the form again.
          key={`${filter.from}/${filter.to}`}
          from={filter.from}
          to={filter.to}
          disabled={free}
          onApply={(from, to) => onChange({ ...filter, range: "custom", from, to })}
        />
      )}
      {/* A Premium range opened on Free: the screen shows the server's refusal, with the same words. */}
      {free && !rangeIsPremium(filter.range) && (
        <PremiumNotice id={historyNoteId} message={RESULTS_MESSAGES.historyIsPremium} />
      )}
    </div>
  );
}

/** Two dates, from and to (both counted), checked before they are asked for. */
function CustomRangeForm({
  from: initialFrom,
  to: initialTo,
  disabled,
  onApply,
}: {
  from: string;
  to: string;
  disabled: boolean;
  onApply: (from: string, to: string) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  // The URL's own range may already be wrong (a hand-written link): say so at once.
  const [problem, setProblem] = useState<string | null>(() =>
    rangeProblem({ range: "custom", from: initialFrom, to: initialTo }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = rangeProblem({ range: "custom", from, to });
    setProblem(found);
    if (!found) onApply(from, to);
  };

  const errorId = `${id}-error`;
  const invalid = problem !== null;
  return (
    <form onSubmit={submit} noValidate className="grid gap-2" aria-label="Custom date range">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            className="w-44"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            className="w-44"
          />
        </div>
        <Button type="submit" variant="outline" disabled={disabled}>
          Apply
        </Button>
      </div>
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  );
}
