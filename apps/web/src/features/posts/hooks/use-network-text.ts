import { COMPOSER_MESSAGES, composePostText, PLATFORM_LABELS, type Platform, textBudget } from "@app/shared";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import {
  commonNetworks,
  customize,
  customizedNetworks,
  shownTab,
  type TextTab,
  tabFields,
  tabText,
  withoutVariant,
} from "../utils/network-text";
import type { PostFormValues } from "../utils/post-form";

/**
 * The composer's text per network (issue 23): which tab is shown, the fields it edits, each tab's counter, and
 * "Customize for this network" / "Use the common text" (with an Undo, as dropping a text loses what was typed).
 */
export function useNetworkText(
  form: UseFormReturn<PostFormValues>,
  values: PostFormValues,
  platforms: readonly Platform[],
  utmCampaign: string | null,
) {
  const [picked, setTab] = useState<TextTab>("all");
  const tab = shownTab(picked, values.variants, platforms);
  const fields = tabFields(tab);
  const shown = tabText(values, tab);

  /** A tab's counter: its text against the networks that receive it (X left out when it goes as a thread). */
  const budgetOf = (t: TextTab) => {
    const own = tabText(values, t);
    const networks = t === "all" ? commonNetworks(values.variants, platforms) : [t];
    return textBudget(composePostText(own.content, own.hashtags), networks, {
      twitterThread: values.twitterThread,
      utmCampaign,
    });
  };
  const texts = [
    tabText(values, "all"),
    ...customizedNetworks(values.variants, platforms).map((p) => tabText(values, p)),
  ];

  const onCustomize = (p: Platform) => {
    form.setValue("variants", customize(values, p), { shouldDirty: true });
    setTab(p);
  };
  const onUseCommon = (p: Platform) => {
    const before = form.getValues("variants");
    form.setValue("variants", withoutVariant(before, p), { shouldDirty: true });
    setTab("all");
    toast.info(COMPOSER_MESSAGES.usesCommon(PLATFORM_LABELS[p]), {
      action: {
        label: COMPOSER_MESSAGES.undo,
        onClick: () => {
          form.setValue("variants", { ...form.getValues("variants"), [p]: before[p] }, { shouldDirty: true });
          setTab(p);
        },
      },
    });
  };

  return {
    tab,
    setTab,
    fields,
    /** the shown tab's text, hashtags and media */
    shown,
    /** the shown tab's hashtags, and their setter (a hashtag picker adds to the tab being edited) */
    hashtags: shown.hashtags,
    setHashtags: (tags: string[]) => form.setValue(fields.hashtags, tags, { shouldDirty: true }),
    budgetOf,
    budget: budgetOf(tab),
    /** some text a network would receive (Publish Now needs one) */
    hasText: texts.some((v) => composePostText(v.content, v.hashtags) !== ""),
    onCustomize,
    onUseCommon,
  };
}
