import type { Campaign } from "@app/shared";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { type CampaignFilter, NO_CAMPAIGN } from "../utils/campaigns";

/** The address's campaign filter (?campaign=): "" every post, "none" those in no campaign, else one campaign's. */
export function useCampaignFilter(): [CampaignFilter, (next: CampaignFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter = params.get("campaign") ?? "";
  const setFilter = (next: CampaignFilter) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === "") q.delete("campaign");
        else q.set("campaign", next);
        return q;
      },
      { replace: true },
    );
  return [filter, setFilter];
}

/** A select of the campaigns (the calendar's and the posts list's filter). */
export function CampaignFilterSelect({
  campaigns,
  value,
  onChange,
  className,
}: {
  campaigns: readonly Campaign[];
  value: CampaignFilter;
  onChange(next: CampaignFilter): void;
  className?: string;
}) {
  const id = useId();
  // A campaign in the address that is not (or not yet) listed keeps its place in the select.
  const unknown = value !== "" && value !== NO_CAMPAIGN && !campaigns.some((c) => c.id === value);
  return (
    <div className={className ?? "grid gap-1.5"}>
      <Label htmlFor={id}>Campaign</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All campaigns</option>
        <option value={NO_CAMPAIGN}>No campaign</option>
        {unknown && <option value={value}>A campaign no longer listed</option>}
        {campaigns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
