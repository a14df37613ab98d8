import { type AnalyticsResponse, METRIC_DEFINITIONS } from "@app/shared";
import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatFigure, formatTick } from "@/lib/figures";
import { analyticsChartData, hasFollowerReadings } from "../utils/chart-data";
import { AXIS_TICK, CHART_COLORS, ChartCard, TOOLTIP_STYLE } from "./chart-card";
import { FigureTable } from "./figure-table";

type Series = AnalyticsResponse["series"];
type Point = ReturnType<typeof analyticsChartData>[number];

const tooltipNumber = (n: unknown) => (typeof n === "number" ? formatFigure(n) : String(n ?? "—"));

/** Followers of the filtered accounts on each day of the period. */
export function FollowersChart({ series }: { series: Series }) {
  const data = analyticsChartData(series);
  const last = [...series].reverse().find((p) => p.followers !== null);
  return (
    <ChartCard
      title="Followers over time"
      description={METRIC_DEFINITIONS.followers}
      summary={`A line of followers per day, ${formatFigure(last?.followers ?? null)} on the last day read.`}
      empty={hasFollowerReadings(series) ? undefined : "No follower readings in this period yet."}
      table={
        <FigureTable<Point>
          caption="Followers per day"
          rows={data}
          rowKey={(p) => p.day}
          columns={[
            { key: "day", label: "Day", cell: (p) => p.label },
            { key: "followers", label: "Followers", cell: (p) => formatFigure(p.followers), numeric: true },
          ]}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} vertical={false} />
          <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} minTickGap={24} />
          <YAxis tick={AXIS_TICK} tickLine={false} tickFormatter={formatTick} width={48} domain={["auto", "auto"]} />
          <Tooltip formatter={tooltipNumber} {...TOOLTIP_STYLE} />
          <Line
            type="monotone"
            dataKey="followers"
            name="Followers"
            stroke={CHART_COLORS.primary}
            strokeWidth={2}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** Reach and engagements of the posts published on each day. */
export function ReachEngagementChart({ series }: { series: Series }) {
  const data = analyticsChartData(series);
  const reach = series.reduce((s, p) => s + p.reach, 0);
  const engagements = series.reduce((s, p) => s + p.engagements, 0);
  return (
    <ChartCard
      title="Reach and engagements over time"
      description="Of the posts published each day."
      summary={`Reach and engagements per day: ${formatFigure(reach)} reached and ${formatFigure(engagements)} engagements in the period.`}
      empty={series.some((p) => p.posts > 0) ? undefined : "No posts published in this period."}
      table={
        <FigureTable<Point>
          caption="Posts, reach and engagements per day"
          rows={data}
          rowKey={(p) => p.day}
          columns={[
            { key: "day", label: "Day", cell: (p) => p.label },
            { key: "posts", label: "Posts", cell: (p) => formatFigure(p.posts), numeric: true },
            { key: "reach", label: "Reach", cell: (p) => formatFigure(p.reach), numeric: true },
            { key: "engagements", label: "Engagements", cell: (p) => formatFigure(p.engagements), numeric: true },
          ]}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} vertical={false} />
          <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} minTickGap={24} />
          <YAxis tick={AXIS_TICK} tickLine={false} tickFormatter={formatTick} width={48} />
          <Tooltip formatter={tooltipNumber} {...TOOLTIP_STYLE} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Area
            type="monotone"
            dataKey="reach"
            name="Reach"
            stroke={CHART_COLORS.primary}
            fill={CHART_COLORS.primary}
            fillOpacity={0.15}
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="engagements"
            name="Engagements"
            stroke={CHART_COLORS.green}
            fill={CHART_COLORS.green}
            fillOpacity={0.2}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
