import { RESULTS_MESSAGES } from "@app/shared";
import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { PlatformIcon } from "@/components/platform-icon";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { usePosts } from "@/features/posts/api/get-posts";
import { PostMoment } from "@/features/posts/components/post-moment";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";

/** How many of the next scheduled posts the tab lists. */
const NEXT_POSTS = 5;

/** The scheduler tab: the next posts going out (date and time in the user's zone), and the Post Scheduler. */
export function SchedulerTab() {
  const posts = usePosts({ status: "scheduled" });
  const zone = useDisplayTimeZone();
  const next = (posts.data ?? []).slice(0, NEXT_POSTS);
  const link = (
    <Button asChild variant="outline">
      <Link to="/scheduler">Open Post Scheduler</Link>
    </Button>
  );
  if (!posts.isPending && !posts.isError && next.length === 0) {
    return (
      <EmptyState
        icon={CalendarClock}
        title="No scheduled posts"
        description="Plan posts on your content calendar: they are listed here until they go out."
        action={link}
      />
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Up Next</CardTitle>
        <CardDescription>
          {posts.data
            ? `The next ${Math.min(NEXT_POSTS, posts.data.length)} of ${posts.data.length} scheduled ${posts.data.length === 1 ? "post" : "posts"}.`
            : "Your next scheduled posts."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {posts.isPending ? (
          <div role="status" aria-label="Loading scheduled posts" className="grid gap-3">
            {Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : posts.isError ? (
          <p role="alert" className="text-sm text-muted-foreground">
            {posts.error.message || RESULTS_MESSAGES.failed}
          </p>
        ) : (
          <ul aria-label="Next scheduled posts" className="grid gap-3">
            {next.map((post) => (
              <li key={post.id} className="flex min-w-0 items-start gap-3 text-sm">
                <span className="flex shrink-0 gap-1 pt-0.5">
                  {post.platforms.map((p) => (
                    <PlatformIcon key={p} platform={p} size="sm" labelled />
                  ))}
                </span>
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="truncate">{post.content || "(no text)"}</span>
                  <time dateTime={post.scheduledAt} className="text-xs text-muted-foreground">
                    <PostMoment post={post} zone={zone} withZone={false} />
                  </time>
                </span>
              </li>
            ))}
          </ul>
        )}
        <div>{link}</div>
      </CardContent>
    </Card>
  );
}
