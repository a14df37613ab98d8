import type { Campaign } from "@app/shared";
import { Link2 } from "lucide-react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { CampaignSwatch } from "./campaign-bits";

/**
 * The composer's campaign: "No campaign" or one of the workspace's campaigns (a completed one stays listed: a
 * late post may still belong to it). A campaign that tags links says so under the choice.
 */
export function CampaignPicker({
  id,
  campaigns,
  loading,
  value,
  onChange,
}: {
  id: string;
  campaigns: readonly Campaign[];
  loading: boolean;
  /** "" for none */
  value: string;
  onChange(campaignId: string): void;
}) {
  const chosen = campaigns.find((c) => c.id === value);
  // A post's campaign may not be in the list yet (still loading): keep its choice rather than show none.
  const unknown = value !== "" && !chosen;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className="flex items-center gap-2">
        Campaign
        {chosen && <CampaignSwatch color={chosen.color} className="size-2.5" />}
      </Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={chosen?.utm ? `${id}-utm` : undefined}
      >
        <option value="">No campaign</option>
        {unknown && <option value={value}>{loading ? "Loading…" : "A campaign no longer listed"}</option>}
        {campaigns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </NativeSelect>
      {chosen?.utm && (
        <p id={`${id}-utm`} className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <Link2 className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span>
            Links in this post get UTM parameters when it goes out (utm_campaign=
            <code className="text-foreground">{chosen.slug}</code>).
          </span>
        </p>
      )}
    </div>
  );
}
