import {
  METRIC_UNAVAILABLE_TEXT,
  type MetricSnapshot,
  PLATFORM_LABELS,
  type PostMetricHistoryResponse,
} from "@app/shared";
import { ExternalLink } from "lucide-react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { PlatformIcon } from "@/components/platform-icon";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatFigure } from "@/lib/figures";
import { dayIn, formatDateTime, formatPlainDate, formatTime } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { usePostHistory } from "../api/get-post-history";
import { metricLabel } from "../utils/format";
import { AXIS_TICK, CHART_COLORS, TOOLTIP_STYLE } from "./chart-card";
import { FigureTable } from "./figure-table";
import { ResultsError } from "./results-error";

type Target = PostMetricHistoryResponse["targets"][number];
const READING_METRICS = ["views", "reach", "likes", "comments", "shares", "saves", "clicks"] as const;

/** "Nov 25, 09:00": a reading's moment on the chart, in the user's zone. */
const readingLabel = (iso: string, zone: string) =>
  `${formatPlainDate(dayIn(iso, zone), { year: false })}, ${formatTime(iso, zone)}`;

/** One network's readings of the post: views and likes over time, and every reading as a table. */
function TargetHistory({ target }: { target: Target }) {
  const zone = useDisplayTimeZone();
  const data = target.snapshots.map((s) => ({ ...s, label: readingLabel(s.capturedAt, zone) }));
  const missing = READING_METRICS.filter((m) => target.unavailable[m]);
  const name = `${PLATFORM_LABELS[target.platform]} ${target.accountHandle}`;
  return (
    <section className="grid min-w-0 gap-3" aria-label={name}>
      <div className="flex flex-wrap items-center gap-2">
        <PlatformIcon platform={target.platform} size="sm" />
        <h3 className="font-semibold">{PLATFORM_LABELS[target.platform]}</h3>
        <span className="text-sm text-muted-foreground">{target.accountHandle}</span>
        {target.externalUrl && (
          <a
            href={target.externalUrl}
            target="_blank"
            rel="noreferrer"
            className="ml-auto inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
          >
            View on {PLATFORM_LABELS[target.platform]} <ExternalLink className="size-3.5" aria-hidden />
          </a>
        )}
      </div>
      {data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Not read yet: the first figures come about an hour after publishing.
        </p>
      ) : (
        <>
          {data.length > 1 && (
            <div
              role="img"
              aria-label={`Views and likes of the post on ${name} at each reading`}
              className="h-40 w-full text-muted-foreground"
            >
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={data} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} vertical={false} />
                  <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} minTickGap={24} />
                  <YAxis tick={AXIS_TICK} tickLine={false} width={48} />
                  <Tooltip {...TOOLTIP_STYLE} />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  <Line
                    dataKey="views"
                    name="Views"
                    stroke={CHART_COLORS.primary}
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                  <Line
                    dataKey="likes"
                    name="Likes"
                    stroke={CHART_COLORS.rose}
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                </LineChart>
              </ResponsiveContainer>
            </div>
          )}
          <FigureTable<MetricSnapshot>
            caption={`Readings of the post on ${name}`}
            rows={target.snapshots}
            rowKey={(s) => s.capturedAt}
            columns={[
              { key: "at", label: "Read at", cell: (s) => formatDateTime(s.capturedAt, zone) },
              ...READING_METRICS.map((m) => ({
                key: m,
                label: metricLabel(m),
                numeric: true,
                cell: (s: MetricSnapshot) => formatFigure(s[m]),
              })),
            ]}
          />
          {missing.length > 0 && (
            <ul className="grid gap-1 text-xs text-muted-foreground">
              {missing.map((m) => {
                const reason = target.unavailable[m];
                return (
                  reason && (
                    <li key={m}>
                      {metricLabel(m)}: not available — {METRIC_UNAVAILABLE_TEXT[reason]}
                    </li>
                  )
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** A post's metric history on each network it went out on (Premium). */
export function PostHistoryDialog({ postId, onClose }: { postId: string | null; onClose: () => void }) {
  const history = usePostHistory(postId);
  const zone = useDisplayTimeZone();
  const data = history.data;
  return (
    <Dialog open={postId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto p-4 sm:p-6">
        <DialogHeader className="pr-6">
          <DialogTitle>Post results</DialogTitle>
          <DialogDescription className="line-clamp-3">
            {data
              ? `${data.post.excerpt || "(no text)"}${data.post.publishedAt ? ` · published ${formatDateTime(data.post.publishedAt, zone)}` : ""}`
              : "Every reading of the post's figures, on each network."}
          </DialogDescription>
        </DialogHeader>
        {history.isError ? (
          <ResultsError error={history.error} onRetry={() => void history.refetch()} />
        ) : !data ? (
          <div className="grid gap-3" aria-busy>
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : (
          <div className="grid gap-6">
            {data.targets.map((t) => (
              <TargetHistory key={t.targetId} target={t} />
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
