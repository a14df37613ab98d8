import { POST_MESSAGES, type SocialAccount } from "@app/shared";
import { useQueries } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { facebookPagesQueryOptions } from "@/features/accounts/api/get-facebook-pages";
import { accountName } from "@/features/accounts/utils/accounts-cache";

/** The Facebook Page the post goes to, among the Pages of every chosen Facebook account. */
export function FacebookPagePicker({
  id,
  accounts,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  accounts: SocialAccount[];
  value: string | null;
  onChange(pageId: string | null): void;
  /** the choice is missing or wrong: shown on the select, with the message's id in `describedBy` */
  invalid?: boolean;
  describedBy?: string;
}) {
  const results = useQueries({ queries: accounts.map((a) => facebookPagesQueryOptions(a.id)) });
  const loading = results.some((r) => r.isPending);
  const failed = results.some((r) => r.isError);
  const groups = accounts.map((account, i) => ({ account, pages: results[i]?.data ?? [] }));
  const pageCount = groups.reduce((n, g) => n + g.pages.length, 0);

  useEffect(() => {
    if (failed) toast.error(POST_MESSAGES.facebookPagesFailed, { id: "facebook-pages-failed" });
  }, [failed]);

  const retry = () => {
    for (const r of results) if (r.isError) void r.refetch();
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Facebook Page</Label>
      {loading ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" label="Loading" />
          {POST_MESSAGES.facebookPagesLoading}
        </p>
      ) : pageCount === 0 ? (
        failed ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-destructive">{POST_MESSAGES.facebookPagesFailed}</span>
            <Button type="button" size="sm" variant="outline" onClick={retry}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="rounded-md border border-dashed p-3 text-sm">
            <p className="font-medium">{POST_MESSAGES.facebookPagesEmpty}</p>
            <p className="text-muted-foreground">{POST_MESSAGES.facebookPagesEmptyHint}</p>
          </div>
        )
      ) : (
        <NativeSelect
          id={id}
          value={value ?? ""}
          onChange={(e) => onChange(e.target.value || null)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        >
          <option value="">Select a page</option>
          {groups.length === 1
            ? groups[0]?.pages.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                  {p.category ? ` (${p.category})` : ""}
                </option>
              ))
            : groups.map((g) => (
                <optgroup key={g.account.id} label={accountName(g.account)}>
                  {g.pages.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                      {p.category ? ` (${p.category})` : ""}
                    </option>
                  ))}
                </optgroup>
              ))}
        </NativeSelect>
      )}
    </div>
  );
}
