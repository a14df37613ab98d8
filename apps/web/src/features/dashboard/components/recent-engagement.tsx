import {
  PLATFORM_LABELS,
  type PostResult,
  RECENT_ENGAGEMENT_DETAILED_ITEMS,
  RECENT_ENGAGEMENT_ITEMS,
  RESULTS_MESSAGES,
} from "@app/shared";
import { Heart, MessageCircle, Repeat2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { PlatformIcon } from "@/components/platform-icon";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatFigure } from "@/lib/figures";
import { formatDateTime } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import type { useDashboard } from "../api/get-dashboard";
import { timeAgo } from "../utils/time-ago";

/** The posts most recently published with their figures: 4, or 10 in the detailed view. */
export function RecentEngagement({
  dashboard,
  className,
}: {
  dashboard: ReturnType<typeof useDashboard>;
  className?: string;
}) {
  const [detailed, setDetailed] = useState(false);
  const recent = dashboard.data?.recent ?? [];
  const shown = recent.slice(0, detailed ? RECENT_ENGAGEMENT_DETAILED_ITEMS : RECENT_ENGAGEMENT_ITEMS);
  return (
    <Card className={className}>
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle>Recent Engagement</CardTitle>
          <CardDescription>Your latest published posts and how they are doing.</CardDescription>
        </div>
        {recent.length > RECENT_ENGAGEMENT_ITEMS && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-expanded={detailed}
            aria-controls="recent-engagement-list"
            onClick={() => setDetailed((d) => !d)}
          >
            {detailed ? "Show less" : "View all"}
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        {dashboard.isPending ? (
          <div role="status" aria-label="Loading recent engagement" className="grid gap-3">
            {Array.from({ length: RECENT_ENGAGEMENT_ITEMS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : dashboard.isError ? (
          <p className="text-sm text-muted-foreground">{RESULTS_MESSAGES.failed}</p>
        ) : shown.length === 0 ? (
          <div className="grid gap-1 text-sm">
            <p className="font-medium">No engagement yet</p>
            <p className="text-muted-foreground">
              Likes, comments and shares appear here once your posts are published and read from the networks.
            </p>
          </div>
        ) : (
          <ul id="recent-engagement-list" aria-label="Recent engagement" className="grid gap-3">
            {shown.map((post) => (
              <RecentRow key={post.targetId} post={post} />
            ))}
          </ul>
        )}
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <Link to="/analytics">Open Analytics</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function RecentRow({ post }: { post: PostResult }) {
  const zone = useDisplayTimeZone();
  const figures = [
    { icon: Heart, label: "likes", value: post.likes },
    { icon: MessageCircle, label: "comments", value: post.comments },
    { icon: Repeat2, label: "shares", value: post.shares },
  ];
  return (
    <li className="flex min-w-0 gap-3 text-sm">
      <PlatformIcon platform={post.platform} size="sm" labelled className="mt-0.5" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex min-w-0 items-baseline justify-between gap-2">
          <span className="truncate font-medium" title={`${PLATFORM_LABELS[post.platform]}: ${post.accountHandle}`}>
            {post.accountHandle}
          </span>
          <time
            dateTime={post.publishedAt}
            title={formatDateTime(post.publishedAt, zone)}
            className="shrink-0 text-xs text-muted-foreground"
          >
            {timeAgo(post.publishedAt)}
          </time>
        </div>
        <p className="truncate text-muted-foreground">{post.excerpt || "(no text)"}</p>
        <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          {figures.map(({ icon: Icon, label, value }) => (
            <span key={label} className="inline-flex items-center gap-1 tabular-nums">
              <Icon className="size-3.5" aria-hidden />
              {formatFigure(value)}
              <span className="sr-only"> {label}</span>
            </span>
          ))}
        </p>
      </div>
    </li>
  );
}
