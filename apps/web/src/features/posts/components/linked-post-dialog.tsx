import { POST_MESSAGES } from "@app/shared";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { usePost } from "../api/get-posts";
import { PostDetailsDialog } from "./post-details-dialog";

/**
 * The post named in the address (?post=<id>, where a notification leads), opened in its details: what each
 * network made of it, with Retry and Edit where they apply. A post deleted since is said to be gone.
 */
export function LinkedPostDialog() {
  const [params, setParams] = useSearchParams();
  const id = params.get("post");
  const post = usePost(id);
  const close = () =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.delete("post");
        return q;
      },
      { replace: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: close only changes the address, once per failure
  useEffect(() => {
    if (!post.isError) return;
    toast.error(POST_MESSAGES.linkedPostGoneTitle, {
      id: "linked-post-gone",
      description: POST_MESSAGES.linkedPostGone,
    });
    close();
  }, [post.isError]);

  return <PostDetailsDialog post={id && post.data ? post.data : null} onOpenChange={(open) => !open && close()} />;
}
