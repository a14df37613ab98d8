import type { EngagementResponse } from "@app/shared";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatFigure, formatRate, formatTick } from "@/lib/figures";
import { engagementChartData, networkChartData } from "../utils/chart-data";
import { AXIS_TICK, CHART_COLORS, ChartCard, TOOLTIP_STYLE } from "./chart-card";
import { FigureTable } from "./figure-table";

/** The kinds of engagement, stacked in this order, each with its colour. */
const KINDS = [
  { key: "likes", label: "Likes", color: CHART_COLORS.rose },
  { key: "comments", label: "Comments", color: CHART_COLORS.primary },
  { key: "shares", label: "Shares", color: CHART_COLORS.green },
  { key: "saves", label: "Saves", color: CHART_COLORS.amber },
] as const;

const tooltipNumber = (n: unknown) => (typeof n === "number" ? formatFigure(n) : String(n ?? "—"));

/** Likes, comments, shares and saves per network, stacked, of the posts published in the period. */
export function PlatformEngagementChart({ networks }: { networks: EngagementResponse["networks"] }) {
  const data = networkChartData(networks);
  return (
    <ChartCard
      title="Engagement per network"
      description="Likes, comments, shares and saves of the posts published in the period."
      summary={data.map((n) => `${n.label}: ${formatFigure(n.engagements)} engagements`).join("; ")}
      empty={data.length ? undefined : "No posts published in this period."}
      table={
        <FigureTable<(typeof data)[number]>
          caption="Engagement per network"
          rows={data}
          rowKey={(n) => n.platform}
          columns={[
            { key: "network", label: "Network", cell: (n) => n.label },
            ...KINDS.map((k) => ({
              key: k.key,
              label: k.label,
              numeric: true,
              cell: (n: (typeof data)[number]) => formatFigure(n[k.key]),
            })),
            { key: "engagements", label: "Engagements", cell: (n) => formatFigure(n.engagements), numeric: true },
            { key: "rate", label: "Eng. rate", cell: (n) => formatRate(n.engagementRate), numeric: true },
          ]}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} horizontal={false} />
          <XAxis type="number" tick={AXIS_TICK} tickLine={false} tickFormatter={formatTick} />
          <YAxis type="category" dataKey="label" tick={AXIS_TICK} tickLine={false} width={84} interval={0} />
          <Tooltip formatter={tooltipNumber} cursor={{ fillOpacity: 0.1 }} {...TOOLTIP_STYLE} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {KINDS.map((k) => (
            <Bar key={k.key} dataKey={k.key} name={k.label} stackId="kinds" fill={k.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** Engagements of the posts published each day, by kind. */
export function EngagementTrendsChart({ series }: { series: EngagementResponse["series"] }) {
  const data = engagementChartData(series);
  const total = series.reduce((s, p) => s + p.engagements, 0);
  return (
    <ChartCard
      title="Engagement trends"
      description="Likes, comments, shares and saves of the posts published each day."
      summary={`Engagements per day by kind, ${formatFigure(total)} in the period.`}
      empty={total > 0 ? undefined : "No engagement in this period."}
      table={
        <FigureTable<(typeof data)[number]>
          caption="Engagements per day"
          rows={data}
          rowKey={(p) => p.day}
          columns={[
            { key: "day", label: "Day", cell: (p) => p.label },
            ...KINDS.map((k) => ({
              key: k.key,
              label: k.label,
              numeric: true,
              cell: (p: (typeof data)[number]) => formatFigure(p[k.key]),
            })),
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
          {KINDS.map((k) => (
            <Area
              key={k.key}
              type="monotone"
              dataKey={k.key}
              name={k.label}
              stackId="kinds"
              stroke={k.color}
              fill={k.color}
              fillOpacity={0.25}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
