import {
  normalizeSearch,
  POST_MESSAGES,
  POST_SEARCH_LIMIT,
  POST_SEARCH_MAX_LENGTH,
  POST_TOOLS_MESSAGES,
  type Post,
} from "@app/shared";
import { CalendarX2, Search, TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { useCampaigns } from "@/features/campaigns/api/campaigns";
import { CampaignFilterSelect, useCampaignFilter } from "@/features/campaigns/components/campaign-filter";
import { matchesCampaign } from "@/features/campaigns/utils/campaigns";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { usePosts } from "../api/get-posts";
import { useDuplicateAction } from "../hooks/use-duplicate-post";
import { usePostActions } from "../hooks/use-post-actions";
import { filterPosts, isListFilter, LIST_FILTERS, type ListFilter } from "../utils/post-list-filter";
import { PostListItem } from "./post-list-item";

type Question = { kind: "publish" | "delete"; post: Post } | null;

/** Posts shown at first (a busy month may hold thousands); more on request. */
const PAGE_SIZE = 20;
/** The search is sent once the user pauses typing this long. */
const SEARCH_DELAY_MS = 300;

/** What deleting asks: the spec's words for a scheduled post, and what stays on the networks for the others. */
function deleteQuestion(post: Post): { title: string; description?: string } {
  if (post.status === "scheduled") return { title: POST_MESSAGES.confirmDelete };
  if (post.status === "draft") return { title: POST_MESSAGES.confirmDeleteDraft };
  const out = post.targets.some((t) => t.status === "published");
  return { title: POST_MESSAGES.confirmDeletePost, description: out ? POST_MESSAGES.deleteKeepsPublished : undefined };
}

/**
 * Every post of the user, soonest first, of the status chosen (in the address, ?status=; Drafts among them),
 * found by a search of their text and hashtags (in the address, ?q=; the server searches), with Edit, Publish
 * now, Duplicate and Delete where they apply.
 */
export function ScheduledPostsList({ enabled = true }: { enabled?: boolean }) {
  const [params, setParams] = useSearchParams();
  const q = normalizeSearch(params.get("q"));
  const posts = usePosts(q ? { q } : {}, { enabled });
  const actions = usePostActions();
  const copies = useDuplicateAction();
  const [question, setQuestion] = useState<Question>(null);
  const [shown, setShown] = useState(PAGE_SIZE);
  const param = params.get("status");
  const filter: ListFilter = isListFilter(param) ? param : "all";
  const setFilter = (next: ListFilter) => {
    setShown(PAGE_SIZE);
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === "all") q.delete("status");
        else q.set("status", next);
        return q;
      },
      { replace: true },
    );
  };
  const filterId = useId();
  const searchId = useId();
  // What is typed shows at once; the address (and the search) follows when the typing pauses. A change of the
  // address from elsewhere (Show all posts, the browser's Back) comes back into the box.
  const [typed, setTyped] = useState(q);
  const written = useRef(q);
  useEffect(() => {
    if (q !== written.current) {
      written.current = q;
      setTyped(q);
    }
  }, [q]);
  useEffect(() => {
    const next = normalizeSearch(typed);
    if (next === written.current) return;
    const timer = setTimeout(() => {
      written.current = next;
      setShown(PAGE_SIZE);
      setParams(
        (p) => {
          const u = new URLSearchParams(p);
          if (next) u.set("q", next);
          else u.delete("q");
          return u;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, setParams]);
  // One read of the campaigns names and paints every post's campaign.
  const campaigns = useCampaigns({ enabled });
  const campaignById = new Map((campaigns.data ?? []).map((c) => [c.id, c]));
  const [campaignFilter, setCampaignFilterParam] = useCampaignFilter();
  const setCampaignFilter = (next: string) => {
    setShown(PAGE_SIZE);
    setCampaignFilterParam(next);
  };
  const list = (posts.data ?? []).filter((p) => matchesCampaign(p, campaignFilter));
  const shownList = filterPosts(list, filter);
  const chosen = LIST_FILTERS.find((f) => f.value === filter) ?? LIST_FILTERS[0];
  const zone = useDisplayTimeZone();

  useEffect(() => {
    if (posts.isError)
      toast.error(POST_MESSAGES.listFailedTitle, { id: "posts-list-failed", description: POST_MESSAGES.listFailed });
  }, [posts.isError]);

  const answer = () => {
    if (!question) return;
    if (question.kind === "publish") actions.publish(question.post);
    else actions.remove(question.post);
    setQuestion(null);
  };
  const asked = question?.kind === "delete" ? deleteQuestion(question.post) : { title: POST_MESSAGES.confirmPublish };

  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1.5">
          <h2 className="font-semibold leading-none tracking-tight">
            {chosen?.title} ({shownList.length})
          </h2>
          <CardDescription>Times are shown in your time zone, {zone}.</CardDescription>
        </div>
        <div className="grid w-full gap-3 sm:w-auto sm:grid-cols-2">
          <div className="grid gap-1.5 sm:w-48">
            <Label htmlFor={filterId}>Show</Label>
            <NativeSelect id={filterId} value={filter} onChange={(e) => setFilter(e.target.value as ListFilter)}>
              {LIST_FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label} ({filterPosts(list, f.value).length})
                </option>
              ))}
            </NativeSelect>
          </div>
          <CampaignFilterSelect
            className="grid gap-1.5 sm:w-48"
            campaigns={campaigns.data ?? []}
            value={campaignFilter}
            onChange={setCampaignFilter}
          />
        </div>
        <div className="relative w-full">
          <Label htmlFor={searchId} className="sr-only">
            {POST_TOOLS_MESSAGES.searchLabel}
          </Label>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            value={typed}
            placeholder={POST_TOOLS_MESSAGES.searchPlaceholder}
            maxLength={POST_SEARCH_MAX_LENGTH}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
      </CardHeader>
      <CardContent>
        {posts.isError && list.length === 0 && (
          <Alert variant="destructive">
            <TriangleAlert aria-hidden />
            <AlertTitle>{POST_MESSAGES.listFailed}</AlertTitle>
            <AlertDescription>
              <div>
                <Button size="sm" variant="outline" onClick={() => void posts.refetch()}>
                  Try again
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        )}
        {posts.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : shownList.length === 0 ? (
          !posts.isError && (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
              <CalendarX2 className="size-6 text-muted-foreground" aria-hidden />
              {q !== "" ? (
                <>
                  <p className="font-medium">{POST_TOOLS_MESSAGES.noMatch(q)}</p>
                  <Button size="sm" variant="outline" onClick={() => setTyped("")}>
                    Clear search
                  </Button>
                </>
              ) : filter === "all" && campaignFilter === "" ? (
                <>
                  <p className="font-medium">No scheduled posts</p>
                  <p className="text-sm text-muted-foreground">Posts you schedule or save as drafts appear here.</p>
                </>
              ) : (
                <>
                  <p className="font-medium">
                    No {chosen?.title.toLowerCase()}
                    {campaignFilter !== "" && " for this campaign filter"}
                  </p>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      // One change of the address (two would each start from the same one).
                      setShown(PAGE_SIZE);
                      setParams(
                        (p) => {
                          const q = new URLSearchParams(p);
                          q.delete("status");
                          q.delete("campaign");
                          return q;
                        },
                        { replace: true },
                      );
                    }}
                  >
                    Show all posts
                  </Button>
                </>
              )}
            </div>
          )
        ) : (
          <ul className="grid gap-3" aria-label="Scheduled posts">
            {shownList.slice(0, shown).map((post) => (
              <PostListItem
                key={post.id}
                post={post}
                campaign={post.campaignId ? campaignById.get(post.campaignId) : undefined}
                zone={zone}
                pending={actions.pendingId === post.id}
                onPublish={() => setQuestion({ kind: "publish", post })}
                onDelete={() => setQuestion({ kind: "delete", post })}
                onRetry={() => actions.retry(post)}
                onDuplicate={() => copies.duplicate(post)}
                duplicating={copies.pendingId === post.id}
              />
            ))}
          </ul>
        )}
        {q !== "" && (posts.data?.length ?? 0) >= POST_SEARCH_LIMIT && (
          <p className="mt-4 text-center text-sm text-muted-foreground">
            {POST_TOOLS_MESSAGES.searchLimited(POST_SEARCH_LIMIT)}
          </p>
        )}
        {shownList.length > shown && (
          <div className="mt-4 flex justify-center">
            <Button variant="outline" onClick={() => setShown((n) => n + PAGE_SIZE)}>
              Show more ({shownList.length - shown} more)
            </Button>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => !open && setQuestion(null)}
        title={asked.title}
        description={asked.description}
        confirmLabel={question?.kind === "delete" ? "Delete" : "Publish now"}
        destructive={question?.kind === "delete"}
        onConfirm={answer}
      />
    </Card>
  );
}
