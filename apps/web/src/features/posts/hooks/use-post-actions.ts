import { POST_MESSAGES, type Post } from "@app/shared";
import { toast } from "sonner";
import { useDeletePost } from "../api/delete-post";
import { usePublishPost } from "../api/publish-post";
import { useRetryPost } from "../api/retry-post";
import { toastPostError } from "../utils/errors";

/** Publish now and delete of a listed post, with the spec's toasts. */
export function usePostActions() {
  const publish = usePublishPost();
  const remove = useDeletePost();
  const retry = useRetryPost();
  return {
    publish: (post: Post) =>
      publish.mutate(post.id, {
        onSuccess: () => toast.success(POST_MESSAGES.publishedTitle, { description: POST_MESSAGES.queued }),
        onError: (err) => toastPostError(err, POST_MESSAGES.publishFailed),
      }),
    remove: (post: Post) =>
      remove.mutate(post.id, {
        onSuccess: () =>
          toast.success(POST_MESSAGES.deletedTitle, {
            description: post.status === "scheduled" ? POST_MESSAGES.deleted : POST_MESSAGES.deletedOther,
          }),
        onError: (err) => {
          console.error(POST_MESSAGES.deleteFailedWith(err.message));
          toastPostError(err, POST_MESSAGES.deleteFailed);
        },
      }),
    retry: (post: Post) =>
      retry.mutate(post.id, {
        onSuccess: () => toast.success(POST_MESSAGES.retriedTitle, { description: POST_MESSAGES.retried }),
        onError: (err) => toastPostError(err, POST_MESSAGES.retryFailed),
      }),
    /** the post an action is under way for */
    pendingId: publish.isPending
      ? publish.variables
      : remove.isPending
        ? remove.variables
        : retry.isPending
          ? retry.variables
          : null,
  };
}
