import { type CreateHashtagGroupBody, createHashtagGroupBodySchema, MAX_HASHTAGS, parseTags } from "@app/shared";

/** What adding a group's hashtags to a post did. */
export interface HashtagsAdded {
  /** the post's hashtags afterwards */
  tags: string[];
  /** the group's hashtags added, in the group's order */
  added: string[];
  /** the group's hashtags left out because the post reached `max` */
  leftOut: string[];
}

/**
 * A group's hashtags added to a post's: those the post does not have yet (case ignored: #Launch is #launch on
 * the networks), in the group's order, until the post holds `max`.
 */
export function addGroupHashtags(
  current: readonly string[],
  group: readonly string[],
  max: number = MAX_HASHTAGS,
): HashtagsAdded {
  const have = new Set(current.map((t) => t.toLowerCase()));
  const fresh = group.filter((t) => {
    const key = t.toLowerCase();
    if (have.has(key)) return false;
    have.add(key);
    return true;
  });
  const room = Math.max(0, max - current.length);
  const added = fresh.slice(0, room);
  return { tags: [...current, ...added], added, leftOut: fresh.slice(room) };
}

/** The group form: a name, and hashtags typed in one go ("#spring #launch" or "spring, launch"). */
export interface GroupFormValues {
  name: string;
  hashtags: string;
}
export type GroupFormErrors = Partial<Record<keyof GroupFormValues, string>>;

/** The hashtags as the form shows them: each with its #, separated by spaces. */
export const hashtagsText = (tags: readonly string[]) => tags.map((t) => `#${t}`).join(" ");

/** The form's values as the API's body, or the first problem of each field (the shared schema's words). */
export function groupFormToBody(
  values: GroupFormValues,
): { ok: true; body: CreateHashtagGroupBody } | { ok: false; errors: GroupFormErrors } {
  const parsed = createHashtagGroupBodySchema.safeParse({
    name: values.name,
    hashtags: parseTags(values.hashtags, "#"),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: GroupFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === "hashtags" ? "hashtags" : "name";
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
