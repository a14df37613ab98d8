import { useId } from "react";
import { useWatch } from "react-hook-form";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { useQuickPostForm } from "../../hooks/use-quick-publish";
import { emptyTwitterPost, tweetCounter, twitterDraft, twitterPostSchema } from "../../utils/quick-post";
import { QuickField, type QuickPostDialogProps, QuickPostShell } from "./quick-post-shell";

const TONES = {
  normal: "text-muted-foreground",
  warning: "font-semibold text-amber-700 dark:text-amber-400",
  over: "font-semibold text-destructive",
} as const;

/** A post on X from one account, now: text only, counted the way X counts it. */
export function TwitterPostDialog({ account, trigger }: QuickPostDialogProps) {
  const id = useId();
  const { form, shell } = useQuickPostForm({
    network: "twitter",
    accountId: account.id,
    schema: twitterPostSchema,
    empty: emptyTwitterPost,
    toDraft: twitterDraft,
  });
  const content = useWatch({ control: form.control, name: "content" });
  const counter = tweetCounter(content);
  return (
    <QuickPostShell account={account} trigger={trigger} title="Post to X" submitLabel="Post" {...shell}>
      <QuickField
        id={`${id}-content`}
        label="Text"
        error={form.formState.errors.content}
        aside={
          <span data-tone={counter.tone} className={cn(TONES[counter.tone])}>
            {Math.abs(counter.remaining)} {Math.abs(counter.remaining) === 1 ? "character" : "characters"}{" "}
            {counter.remaining < 0 ? "over" : "left"}
          </span>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register("content")}
            required
            rows={5}
            className="min-h-28"
            placeholder="What's happening?"
          />
        )}
      </QuickField>
    </QuickPostShell>
  );
}
