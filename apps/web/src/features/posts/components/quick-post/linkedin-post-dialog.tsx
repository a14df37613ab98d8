import { LINKEDIN_VISIBILITIES, TEXT_LIMITS } from "@app/shared";
import { useId } from "react";
import { Controller, useWatch } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useQuickPostForm } from "../../hooks/use-quick-publish";
import {
  emptyLinkedinPost,
  LINKEDIN_LINK_LIMITS,
  LINKEDIN_VISIBILITY_LABELS,
  linkedinDraft,
  linkedinPostSchema,
} from "../../utils/quick-post";
import { Choices } from "../choices";
import { CharCount, QuickField, type QuickPostDialogProps, QuickPostShell } from "./quick-post-shell";

/** A LinkedIn post to one account, now: text, who sees it, and an optional article link. */
export function LinkedinPostDialog({ account, trigger }: QuickPostDialogProps) {
  const id = useId();
  const { form, shell } = useQuickPostForm({
    network: "linkedin",
    accountId: account.id,
    schema: linkedinPostSchema,
    empty: emptyLinkedinPost,
    toDraft: linkedinDraft,
  });
  const { errors } = form.formState;
  const [content, linkUrl] = useWatch({ control: form.control, name: ["content", "linkUrl"] });
  return (
    <QuickPostShell account={account} trigger={trigger} title="Post to LinkedIn" submitLabel="Post" {...shell}>
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
          <Choices<(typeof LINKEDIN_VISIBILITIES)[number]>
            id={`${id}-visibility`}
            legend="Who can see it"
            options={LINKEDIN_VISIBILITIES}
            value={field.value}
            onChange={field.onChange}
            label={(v) => LINKEDIN_VISIBILITY_LABELS[v]}
          />
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
