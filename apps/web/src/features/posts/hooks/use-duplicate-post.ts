import { POST_TOOLS_MESSAGES, type Post } from "@app/shared";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useDuplicatePost } from "../api/duplicate-post";
import { toastPostError } from "../utils/errors";

/** Duplicate of a post's menu: the copy, a new draft, opens in the composer, with a toast. */
export function useDuplicateAction() {
  const duplicate = useDuplicatePost();
  const navigate = useNavigate();
  return {
    duplicate: (post: Post) =>
      duplicate.mutate(post.id, {
        onSuccess: (copy) => {
          toast.success(POST_TOOLS_MESSAGES.duplicatedTitle, { description: POST_TOOLS_MESSAGES.duplicated });
          navigate(`/create-post?edit=${copy.id}`);
        },
        onError: (err) => toastPostError(err, POST_TOOLS_MESSAGES.duplicateFailed),
      }),
    /** the post being copied */
    pendingId: duplicate.isPending ? duplicate.variables : null,
  };
}
