import type { CampaignPost } from "@app/shared";
import { CalendarX2, List, Milestone } from "lucide-react";
import { useState } from "react";
import { PlatformIcon } from "@/components/platform-icon";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { ViewToggle } from "@/components/ui/view-toggle";
import { PostStatusBadge } from "@/features/posts/components/post-status-badge";
import { formatFigure } from "@/lib/figures";
import { formatDateTime, formatPlainDate, formatTime } from "@/lib/time-zone";
import { timelineByDay } from "../utils/campaigns";

function Platforms({ post }: { post: CampaignPost }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {post.platforms.map((p) => (
        <PlatformIcon key={p} platform={p} labelled size="sm" className="size-5 rounded-sm text-[0.55rem]" />
      ))}
    </span>
  );
}

/** The campaign's posts down a line, one stop a day, each post at its time (in the member's zone). */
function Timeline({ posts, zone, color }: { posts: CampaignPost[]; zone: string; color: string }) {
  return (
    <ol className="relative ml-2 grid gap-6 border-l-2 pl-6" style={{ borderColor: color }} aria-label="Timeline">
      {timelineByDay(posts, zone).map(({ day, posts: dayPosts }) => (
        <li key={day} className="relative grid gap-2">
          <span
            aria-hidden
            className="absolute -left-[calc(1.5rem+7px)] top-1 size-3 rounded-full ring-4 ring-card"
            style={{ backgroundColor: color }}
          />
          <h3 className="text-sm font-semibold">{formatPlainDate(day)}</h3>
          <ul className="grid gap-2">
            {dayPosts.map((post) => (
              <li key={post.id} className="grid gap-1.5 rounded-md border bg-card p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium tabular-nums">{formatTime(post.scheduledAt, zone)}</span>
                  <Platforms post={post} />
                  <PostStatusBadge status={post.status} />
                </div>
                <p className="break-words">
                  {post.excerpt || <span className="text-muted-foreground">(no text)</span>}
                </p>
                {(post.reach > 0 || post.engagements > 0) && (
                  <p className="text-xs tabular-nums text-muted-foreground">
                    {formatFigure(post.reach)} reach · {formatFigure(post.engagements)} engagements
                  </p>
                )}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** The campaign's posts as a list: when, where, status and results; a post still to go out can be edited. */
function PostsList({ posts, zone }: { posts: CampaignPost[]; zone: string }) {
  return (
    <ul className="divide-y rounded-md border" aria-label="Campaign posts">
      {posts.map((post) => (
        <li key={post.id} className="grid gap-2 p-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
          <div className="grid min-w-0 gap-1">
            <p className="break-words">{post.excerpt || <span className="text-muted-foreground">(no text)</span>}</p>
            <div className="flex flex-wrap items-center gap-2 text-muted-foreground">
              <span>{formatDateTime(post.scheduledAt, zone)}</span>
              <Platforms post={post} />
              <PostStatusBadge status={post.status} />
            </div>
          </div>
          <dl className="flex gap-4 tabular-nums sm:justify-end">
            <div className="grid">
              <dt className="text-xs text-muted-foreground">Reach</dt>
              <dd className="font-medium">{formatFigure(post.reach)}</dd>
            </div>
            <div className="grid">
              <dt className="text-xs text-muted-foreground">Engagements</dt>
              <dd className="font-medium">{formatFigure(post.engagements)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

type View = "timeline" | "list";

/** The campaign's posts, on a timeline or in a list, with how to add some when there are none. */
export function CampaignPosts({ posts, zone, color }: { posts: CampaignPost[]; zone: string; color: string }) {
  const [view, setView] = useState<View>("timeline");
  return (
    <Card role="region" aria-labelledby="campaign-posts" className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0 p-4 sm:p-6">
        <div className="grid gap-1.5">
          <h2 id="campaign-posts" className="font-semibold leading-tight">
            Posts ({posts.length})
          </h2>
          <CardDescription>Times are shown in your time zone, {zone}.</CardDescription>
        </div>
        {posts.length > 0 && (
          <ViewToggle
            label="Show posts as"
            value={view}
            options={[
              ["timeline", Milestone, "Timeline"],
              ["list", List, "List"],
            ]}
            onChange={setView}
          />
        )}
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {posts.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
            <CalendarX2 className="size-6 text-muted-foreground" aria-hidden />
            <p className="font-medium">No posts in this campaign yet</p>
            <p className="text-sm text-muted-foreground">Create a post in it, or add posts you have already written.</p>
          </div>
        ) : view === "timeline" ? (
          <Timeline posts={posts} zone={zone} color={color} />
        ) : (
          <PostsList posts={posts} zone={zone} />
        )}
      </CardContent>
    </Card>
  );
}
