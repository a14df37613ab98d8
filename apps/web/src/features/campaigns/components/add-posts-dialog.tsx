import { CAMPAIGN_ADD_POSTS_MAX, CAMPAIGN_MESSAGES } from "@app/shared";
import { useId, useMemo, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { SubmitButton } from "@/components/ui/submit-button";
import { usePosts } from "@/features/posts/api/get-posts";
import { PostStatusBadge } from "@/features/posts/components/post-status-badge";
import { formatDateTime } from "@/lib/time-zone";
import { useAddCampaignPosts } from "../api/campaigns";
import { postsWithoutCampaign } from "../utils/campaigns";

/** "Add existing posts": the workspace's posts in no campaign, several at a time, put into this one. */
export function AddPostsDialog({
  open,
  onOpenChange,
  campaignId,
  campaignName,
  zone,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  campaignId: string;
  campaignName: string;
  zone: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Add existing posts</DialogTitle>
          <DialogDescription>Choose posts that are in no campaign yet to add them to {campaignName}.</DialogDescription>
        </DialogHeader>
        {open && <AddPostsForm campaignId={campaignId} zone={zone} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AddPostsForm({ campaignId, zone, onDone }: { campaignId: string; zone: string; onDone(): void }) {
  const id = useId();
  const posts = usePosts();
  const choices = useMemo(() => postsWithoutCampaign(posts.data ?? []), [posts.data]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddCampaignPosts();

  const toggle = (postId: string, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(postId);
      else next.delete(postId);
      return next;
    });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (chosen.size === 0) {
      setProblem(CAMPAIGN_MESSAGES.noPostsChosen);
      return;
    }
    setProblem(null);
    const postIds = [...chosen];
    add.mutate(
      { id: campaignId, postIds },
      {
        onSuccess: () => {
          toast.success(
            postIds.length === 1 ? "1 post added to the campaign" : `${postIds.length} posts added to the campaign`,
          );
          onDone();
        },
      },
    );
  };

  const error = problem ?? add.error?.message ?? null;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Add existing posts">
      {posts.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : posts.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {posts.error.message}
        </p>
      ) : choices.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
          Every post is already in a campaign, or there are no posts yet.
        </p>
      ) : (
        <fieldset className="grid gap-1">
          <legend className="mb-2 text-sm font-medium">
            Posts in no campaign ({chosen.size} of {choices.length} chosen)
          </legend>
          <ul className="grid max-h-80 gap-1 overflow-y-auto rounded-md border p-1">
            {choices.map((post) => {
              const inputId = `${id}-${post.id}`;
              const full = chosen.size >= CAMPAIGN_ADD_POSTS_MAX && !chosen.has(post.id);
              return (
                <li key={post.id}>
                  <label
                    htmlFor={inputId}
                    className="flex cursor-pointer items-start gap-3 rounded-md p-2 text-sm hover:bg-accent has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
                  >
                    <input
                      id={inputId}
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                      checked={chosen.has(post.id)}
                      disabled={full}
                      onChange={(e) => toggle(post.id, e.target.checked)}
                    />
                    <span className="grid min-w-0 flex-1 gap-1">
                      <span className="line-clamp-2 break-words">
                        {post.content.trim() || post.hashtags.map((t) => `#${t}`).join(" ") || "(no text)"}
                      </span>
                      <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                        {formatDateTime(post.scheduledAt, zone)}
                        <PostStatusBadge status={post.status} />
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton pending={add.isPending} disabled={add.isPending || choices.length === 0}>
          Add {chosen.size === 1 ? "1 post" : `${chosen.size} posts`}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
