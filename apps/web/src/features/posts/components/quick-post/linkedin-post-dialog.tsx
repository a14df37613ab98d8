import { LINKEDIN_VISIBILITIES, TEXT_LIMITS } from "@app/shared";
import { useId } from "react";
import { Controller, useWatch } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import { useQuickPostForm } from "../../hooks/use-quick-publish";
import {
  emptyLinkedinPost,
  LINKEDIN_LINK_LIMITS,
  LINKEDIN_VISIBILITY_LABELS,
  linkedinDraft,
  linkedinPostSchema,
} from "../../utils/quick-post";
import { CharCount, QuickField, type QuickPostDialogProps, QuickPostShell } from "./quick-post-shell";

/** A LinkedIn post to one account, now: text, who sees it, and an optional article link. */
export function LinkedinPostDialog({ account, trigger }: QuickPostDialogProps) {
  const id = useId();
  const { form, open, setOpen, busy, onSubmit } = useQuickPostForm({
    network: "linkedin",
    accountId: account.id,
    schema: linkedinPostSchema,
    empty: emptyLinkedinPost,
    toDraft: linkedinDraft,
  });
  const { errors } = form.formState;
  const [content, linkUrl] = useWatch({ control: form.control, name: ["content", "linkUrl"] });
  return (
    <QuickPostShell
      account={account}
      trigger={trigger}
      open={open}
      onOpenChange={setOpen}
      title="Post to LinkedIn"
      submitLabel="Post"
      busy={busy}
      onSubmit={onSubmit}
    >
      <QuickField
        id={`${id}-content`}
        label="Text"
        error={errors.content}
        aside={<CharCount used={[...content].length} limit={TEXT_LIMITS.linkedin} />}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register("content")}
            required
            rows={6}
            className="min-h-28"
            placeholder="What do you want to talk about?"
          />
        )}
      </QuickField>

      <Controller
        control={form.control}
        name="visibility"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Who can see it</legend>
            <RadioGroup
              className="flex flex-wrap gap-x-5 gap-y-2"
              value={field.value}
              onValueChange={(v) => field.onChange(LINKEDIN_VISIBILITIES.find((x) => x === v) ?? field.value)}
            >
              {LINKEDIN_VISIBILITIES.map((v) => (
                <div key={v} className="flex items-center gap-2">
                  <RadioGroupItem id={`${id}-visibility-${v}`} value={v} />
                  <Label htmlFor={`${id}-visibility-${v}`} className="cursor-pointer font-normal">
                    {LINKEDIN_VISIBILITY_LABELS[v]}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
        )}
      />

      <QuickField
        id={`${id}-link`}
        label="Link URL"
        optional
        hint="Shared with the post as an article."
        error={errors.linkUrl}
      >
        {(control) => (
          <Input {...control} {...form.register("linkUrl")} type="url" inputMode="url" placeholder="https://" />
        )}
      </QuickField>

      {linkUrl.trim() !== "" && (
        <>
          <QuickField id={`${id}-link-title`} label="Link title" optional error={errors.linkTitle}>
            {(control) => <Input {...control} {...form.register("linkTitle")} maxLength={LINKEDIN_LINK_LIMITS.title} />}
          </QuickField>
          <QuickField id={`${id}-link-description`} label="Link description" optional error={errors.linkDescription}>
            {(control) => (
              <Textarea
                {...control}
                {...form.register("linkDescription")}
                rows={2}
                className="min-h-16"
                maxLength={LINKEDIN_LINK_LIMITS.description}
              />
            )}
          </QuickField>
        </>
      )}
    </QuickPostShell>
  );
}
