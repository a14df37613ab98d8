import { HASHTAG_GROUP_MESSAGES, HASHTAG_GROUP_NAME_MAX, type HashtagGroup } from "@app/shared";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { Textarea } from "@/components/ui/textarea";
import { useCreateHashtagGroup, useUpdateHashtagGroup } from "../api/hashtag-groups";
import { type GroupFormErrors, type GroupFormValues, groupFormToBody, hashtagsText } from "../utils/hashtag-groups";

/**
 * A hashtag group's name and hashtags: a new group (`group` null, starting with `initialHashtags`) or a change
 * of one. The server's refusal (a name taken) shows under the form; what was typed stays.
 */
export function HashtagGroupForm({
  group,
  initialHashtags = [],
  onDone,
  onCancel,
}: {
  group: HashtagGroup | null;
  initialHashtags?: readonly string[];
  onDone(saved: HashtagGroup): void;
  onCancel(): void;
}) {
  const id = useId();
  const [values, setValues] = useState<GroupFormValues>({
    name: group?.name ?? "",
    hashtags: hashtagsText(group?.hashtags ?? initialHashtags),
  });
  const [errors, setErrors] = useState<GroupFormErrors>({});
  const create = useCreateHashtagGroup();
  const update = useUpdateHashtagGroup();
  const saving = create.isPending || update.isPending;
  const serverError = group ? update.error : create.error;
  const f = (name: keyof GroupFormValues) => `${id}-${name}`;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // (a form inside the composer's form: its submit must not reach the post's)
    e.stopPropagation();
    const result = groupFormToBody(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const done = (saved: HashtagGroup) => {
      toast.success(HASHTAG_GROUP_MESSAGES.saved, { description: saved.name });
      onDone(saved);
    };
    if (group) update.mutate({ id: group.id, body: result.body }, { onSuccess: done });
    else create.mutate(result.body, { onSuccess: done });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4"
      aria-label={group ? `Edit ${group.name}` : "Save as hashtag group"}
    >
      <Field id={f("name")} label="Group name" error={errors.name}>
        <Input
          id={f("name")}
          value={values.name}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
          maxLength={HASHTAG_GROUP_NAME_MAX}
          autoComplete="off"
          {...describedBy(f("name"), errors.name)}
        />
      </Field>
      <Field id={f("hashtags")} label="Hashtags" error={errors.hashtags}>
        <Textarea
          id={f("hashtags")}
          value={values.hashtags}
          onChange={(e) => setValues((v) => ({ ...v, hashtags: e.target.value }))}
          rows={3}
          placeholder="#spring #launch"
          {...describedBy(f("hashtags"), errors.hashtags)}
        />
      </Field>
      {serverError && (
        <p role="alert" className="text-sm text-destructive">
          {serverError.message}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pending={saving}>{group ? "Save group" : "Save as group"}</SubmitButton>
      </div>
    </form>
  );
}
