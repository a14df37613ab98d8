import { QUICK_POST_MESSAGES } from "@app/shared";
import { Info } from "lucide-react";
import { useId } from "react";
import { Controller, useWatch } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useQuickPostForm } from "../../hooks/use-quick-publish";
import { emptyFacebookPost, facebookDraft, facebookPostSchema, pictureIgnored } from "../../utils/quick-post";
import { FacebookPagePicker } from "../facebook-page-picker";
import { QuickField, type QuickPostDialogProps, QuickPostShell } from "./quick-post-shell";

/** A post on one of the account's Facebook Pages, now: a message, a link or a picture (at least one). */
export function FacebookPostDialog({ account, trigger }: QuickPostDialogProps) {
  const id = useId();
  const { form, shell } = useQuickPostForm({
    network: "facebook",
    accountId: account.id,
    schema: facebookPostSchema,
    empty: emptyFacebookPost,
    toDraft: facebookDraft,
  });
  const { errors } = form.formState;
  const [link, pictureUrl] = useWatch({ control: form.control, name: ["link", "pictureUrl"] });
  return (
    <QuickPostShell account={account} trigger={trigger} title="Post to a Facebook Page" submitLabel="Post" {...shell}>
      <Controller
        control={form.control}
        name="pageId"
        render={({ field, fieldState }) => (
          <div className="grid gap-2">
            <FacebookPagePicker
              id={`${id}-page`}
              accounts={[account]}
              value={field.value || null}
              onChange={(pageId) => field.onChange(pageId ?? "")}
              invalid={Boolean(fieldState.error)}
              describedBy={fieldState.error ? `${id}-page-error` : undefined}
            />
            {fieldState.error?.message && (
              <p id={`${id}-page-error`} className="text-sm text-destructive">
                {fieldState.error.message}
              </p>
            )}
          </div>
        )}
      />

      <p className="-mb-2 text-sm text-muted-foreground">{QUICK_POST_MESSAGES.facebookNeedsOne}</p>

      <QuickField id={`${id}-content`} label="Message" error={errors.content}>
        {(control) => (
          <Textarea
            {...control}
            {...form.register("content")}
            rows={5}
            className="min-h-28"
            placeholder="Write something…"
          />
        )}
      </QuickField>

      <QuickField id={`${id}-link`} label="Link" error={errors.link}>
        {(control) => (
          // A link or a picture answers "at least one of them" under the message: checked again as it changes.
          <Input
            {...control}
            {...form.register("link", { deps: ["content"] })}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
        )}
      </QuickField>

      <QuickField
        id={`${id}-picture`}
        label="Picture URL"
        error={errors.pictureUrl}
        hint={
          pictureIgnored({ link, pictureUrl }) ? (
            <span className="flex gap-1.5 text-amber-700 dark:text-amber-400">
              <Info className="mt-px size-3.5 shrink-0" aria-hidden />
              {QUICK_POST_MESSAGES.facebookLinkWins}
            </span>
          ) : undefined
        }
      >
        {(control) => (
          <Input
            {...control}
            {...form.register("pictureUrl", { deps: ["content"] })}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
        )}
      </QuickField>
    </QuickPostShell>
  );
}
