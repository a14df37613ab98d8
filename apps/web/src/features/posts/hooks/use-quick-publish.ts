import {
  PLATFORM_LABELS,
  POST_MESSAGES,
  type Post,
  PUBLISH_MESSAGES,
  postOutcome,
  QUICK_POST_MESSAGES,
} from "@app/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { usageQueryKey } from "@/features/accounts/api/get-usage";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { createPost } from "../api/create-post";
import { cachePost, postsQueryKey } from "../api/get-posts";
import { publishAndWait } from "../api/publish-post";
import { toastPostError } from "../utils/errors";
import {
  FAILED_TITLES,
  invalidToast,
  publishNowBody,
  type QuickPostDraft,
  type QuickPostNetwork,
} from "../utils/quick-post";

/** How a post sent out now from a dialog ended, once the network answered or the wait ran out. */
export type QuickPublishResult =
  | { kind: "published"; post: Post }
  /** the network refused it: the post stays in the scheduler with the network's reason */
  | { kind: "failed"; post: Post; reason: string | null }
  /** still going (the network is being retried, or the answer could not be awaited): the scheduler follows it */
  | { kind: "pending"; post: Post };

/**
 * Creates a post to one account, due now in the user's zone (the profile's, else the browser's), and hands it to the publishing queue at once;
 * then waits for the network's answer. A refusal of the post itself (nothing was created) is thrown, so what
 * was typed can be fixed and sent again; once created, nothing here sends it a second time.
 */
export function useQuickPublish(opts: { waitMs?: number } = {}) {
  const queryClient = useQueryClient();
  const timezone = useDisplayTimeZone();
  return useMutation({
    mutationFn: async ({
      accountId,
      draft,
    }: {
      accountId: string;
      draft: QuickPostDraft;
    }): Promise<QuickPublishResult> => {
      let post = await createPost(publishNowBody(accountId, draft, timezone));
      cachePost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
      try {
        post = await publishAndWait(post.id, {
          waitMs: opts.waitMs,
          onChange: (changed) => cachePost(queryClient, changed),
        });
      } catch {
        // It is saved and due now: the publishing worker sends it even without the call that hurries it.
        return { kind: "pending", post };
      }
      const outcome = postOutcome(post);
      if (outcome.kind === "published") return { kind: "published", post };
      if (outcome.kind === "pending") return { kind: "pending", post };
      const reason = outcome.failed.find((t) => t.lastError)?.lastError ?? null;
      return { kind: "failed", post, reason };
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}

/**
 * A dialog's Publish: sends the post to the account and tells the outcome with the spec's toasts. `onDone`
 * runs once the post is out or on its way (the dialog clears and closes); after a refusal everything typed
 * stays, to be fixed and sent again.
 */
export function useQuickSend(network: QuickPostNetwork, accountId: string, onDone: () => void) {
  const publish = useQuickPublish();
  const send = async (draft: QuickPostDraft) => {
    if (publish.isPending) return;
    let result: QuickPublishResult;
    try {
      result = await publish.mutateAsync({ accountId, draft });
    } catch (err) {
      toastPostError(err as Error, FAILED_TITLES[network], POST_MESSAGES.scheduleAuthRequired);
      return;
    }
    if (result.kind === "failed") {
      toast.error(FAILED_TITLES[network], { description: result.reason ?? PUBLISH_MESSAGES.unexpected });
      return;
    }
    onDone();
    if (result.kind === "pending")
      toast.info(PUBLISH_MESSAGES.stillGoingTitle, { description: PUBLISH_MESSAGES.stillGoing });
    else if (network === "pinterest")
      toast.success(QUICK_POST_MESSAGES.pinCreatedTitle, { description: QUICK_POST_MESSAGES.pinCreated });
    else
      toast.success(QUICK_POST_MESSAGES.publishedTitle, {
        description: QUICK_POST_MESSAGES.published(PLATFORM_LABELS[network]),
      });
  };
  return { send, busy: publish.isPending };
}

/**
 * What every network dialog holds: open or closed, its form (checked by `schema`), and Publish: the spec's
 * toast when the form is incomplete, else the post sent to the account, then the form cleared and closed.
 */
export function useQuickPostForm<T extends FieldValues>(opts: {
  network: QuickPostNetwork;
  accountId: string;
  schema: z.ZodType<T, T>;
  empty(): T;
  toDraft(values: T): QuickPostDraft;
  /** more to clear after a post went out (what the dialog shows beside the form) */
  onCleared?(): void;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<T>({ resolver: zodResolver(opts.schema), defaultValues: opts.empty() as DefaultValues<T> });
  const { send, busy } = useQuickSend(opts.network, opts.accountId, () => {
    form.reset(opts.empty());
    opts.onCleared?.();
    setOpen(false);
  });
  const onSubmit = form.handleSubmit(
    (values) => send(opts.toDraft(values)),
    () => {
      const { title, description } = invalidToast(opts.network, form.getValues());
      // One toast per dialog, replaced by the next objection rather than piled up.
      toast.error(title, { id: `quick-post-check-${opts.network}`, description });
    },
  );
  /** What the dialog's QuickPostShell takes from the form: spread it there. */
  const shell = { open, onOpenChange: setOpen, busy, onSubmit };
  return { form, shell };
}
