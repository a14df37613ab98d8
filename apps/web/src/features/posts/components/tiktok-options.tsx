import {
  type SocialAccount,
  TIKTOK_PRIVACY_LABELS,
  TIKTOK_PRIVACY_WIDEST_FIRST,
  type TikTokCreator,
  type TiktokPrivacy,
  tiktokPrivacyFor,
} from "@app/shared";
import { useQueries } from "@tanstack/react-query";
import { useEffect } from "react";
import { type Control, Controller, useController } from "react-hook-form";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { accountName } from "@/features/accounts/utils/accounts-cache";
import { tiktokCreatorQueryOptions } from "../api/get-tiktok-creator";
import type { PostFormValues } from "../utils/post-form";
import { Choices } from "./choices";

const INTERACTIONS = [
  ["tiktokAllowComment", "Comment", "commentDisabled"],
  ["tiktokAllowDuet", "Duet", "duetDisabled"],
  ["tiktokAllowStitch", "Stitch", "stitchDisabled"],
] as const;

const minutes = (seconds: number) =>
  seconds % 60 === 0 ? `${seconds / 60} min` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;

/**
 * TikTok's choices, as TikTok offers them to each chosen account now (its creator info): who can watch, among
 * the levels TikTok offers, what each account will post with, the interactions the creator has not turned
 * off in TikTok, and the longest video each may post.
 */
export function TikTokOptions({
  id,
  control,
  accounts,
}: {
  id: string;
  control: Control<PostFormValues>;
  accounts: SocialAccount[];
}) {
  const results = useQueries({ queries: accounts.map((a) => tiktokCreatorQueryOptions(a.id)) });
  const rows = accounts.map((account, i) => ({ account, result: results[i] }));
  const creators = rows.flatMap((r) => (r.result?.data ? [r.result.data] : []));
  const offered = TIKTOK_PRIVACY_WIDEST_FIRST.filter(
    (level) => creators.length === 0 || creators.some((c) => c.privacyLevels.includes(level)),
  );
  const { field } = useController({ control, name: "tiktokPrivacy" });
  const { value, onChange } = field;
  const offeredKey = offered.join(",");
  const settled = results.every((r) => !r.isPending);

  // Once every account's options are in, a level none of them is offered is replaced by the closest one
  // offered that is no wider (deciding earlier would narrow the choice to the first account that answered).
  useEffect(() => {
    if (!settled) return;
    const levels = offeredKey.split(",") as TiktokPrivacy[];
    if (levels.includes(value)) return;
    const next = tiktokPrivacyFor(levels, value);
    if (next) onChange(next);
  }, [settled, offeredKey, value, onChange]);

  const allOff = (flag: keyof Pick<TikTokCreator, "commentDisabled" | "duetDisabled" | "stitchDisabled">) =>
    creators.length > 0 && creators.length === accounts.length && creators.every((c) => c[flag]);

  return (
    <>
      <Choices<TiktokPrivacy>
        id={`${id}-tt-privacy`}
        legend="TikTok: who can watch"
        options={offered}
        value={value}
        onChange={onChange}
        label={(v) => TIKTOK_PRIVACY_LABELS[v]}
      />
      <ul className="grid gap-1 text-xs text-muted-foreground" aria-label="What each TikTok account will post with">
        {rows.map(({ account, result }) => {
          const name = accountName(account);
          if (!result || result.isPending)
            return <li key={account.id}>{name}: asking TikTok what this account may post…</li>;
          if (result.isError)
            return (
              <li key={account.id} className="text-destructive">
                {result.error.message || `TikTok's options for ${name} could not be loaded.`} The post will use the
                closest privacy TikTok allows when it goes out.
              </li>
            );
          const c = result.data;
          const used = tiktokPrivacyFor(c.privacyLevels, value);
          const limit = c.maxVideoSeconds ? `; videos up to ${minutes(c.maxVideoSeconds)}` : "";
          if (!used)
            return (
              <li key={account.id} className="text-destructive">
                {name}: TikTok offers this account no way to post right now.
              </li>
            );
          return (
            <li key={account.id}>
              {name}
              {c.username ? ` (@${c.username})` : ""}: posts for “{TIKTOK_PRIVACY_LABELS[used]}”
              {used !== value ? `, as TikTok does not offer “${TIKTOK_PRIVACY_LABELS[value]}” to this account` : ""}
              {limit}.
            </li>
          );
        })}
      </ul>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">TikTok: let viewers</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          {INTERACTIONS.map(([name, label, flag]) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field: f }) => {
                const off = allOff(flag);
                return (
                  <div className="flex items-center gap-2">
                    <Switch
                      id={`${id}-${name}`}
                      checked={f.value && !off}
                      onCheckedChange={f.onChange}
                      disabled={off}
                      aria-describedby={off ? `${id}-${name}-off` : undefined}
                    />
                    <Label htmlFor={`${id}-${name}`} className="cursor-pointer font-normal">
                      {label}
                    </Label>
                    {off && (
                      <span id={`${id}-${name}-off`} className="text-xs text-muted-foreground">
                        (turned off in TikTok)
                      </span>
                    )}
                  </div>
                );
              }}
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}
