import type { Platform } from "@app/shared";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatFigure, formatRate, formatTick } from "@/lib/figures";
import { networkChartData } from "../utils/chart-data";
import { AXIS_TICK, CHART_COLORS, ChartCard, TOOLTIP_STYLE } from "./chart-card";
import { FigureTable } from "./figure-table";

const tooltipNumber = (n: unknown) => (typeof n === "number" ? formatFigure(n) : String(n ?? "—"));

/** One network's figures; the engagement rate and followers are shown when the rows have them (Analytics). */
export interface NetworkFigures {
  platform: Platform;
  posts: number;
  reach: number;
  engagements: number;
  engagementRate?: number | null;
  followers?: number | null;
}

/**
 * Reach and engagements per network, a pair of bars each, with the same figures as a table: Analytics' period
 * and a campaign's posts both draw it. `description` says whose posts; `emptyText` shows when none went out.
 */
export function NetworkChart({
  networks,
  description,
  emptyText,
}: {
  networks: NetworkFigures[];
  description: string;
  emptyText: string;
}) {
  const data = networkChartData(networks);
  const withRates = data.some((n) => n.engagementRate !== undefined);
  const withFollowers = data.some((n) => n.followers !== undefined);
  return (
    <ChartCard
      title="Results per network"
      description={description}
      summary={data
        .map((n) => `${n.label}: ${formatFigure(n.reach)} reach, ${formatFigure(n.engagements)} engagements`)
        .join("; ")}
      empty={data.length ? undefined : emptyText}
      table={
        <FigureTable<(typeof data)[number]>
          caption="Results per network"
          rows={data}
          rowKey={(n) => n.platform}
          columns={[
            { key: "network", label: "Network", cell: (n) => n.label },
            { key: "posts", label: "Posts", cell: (n) => formatFigure(n.posts), numeric: true },
            { key: "reach", label: "Reach", cell: (n) => formatFigure(n.reach), numeric: true },
            { key: "engagements", label: "Engagements", cell: (n) => formatFigure(n.engagements), numeric: true },
            ...(withRates
              ? [
                  {
                    key: "rate",
                    label: "Eng. rate",
                    cell: (n: NetworkFigures) => formatRate(n.engagementRate ?? null),
                    numeric: true,
                  },
                ]
              : []),
            ...(withFollowers
              ? [
                  {
                    key: "followers",
                    label: "Followers",
                    cell: (n: NetworkFigures) => formatFigure(n.followers ?? null),
                    numeric: true,
                  },
                ]
              : []),
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
          <Bar
            dataKey="reach"
            name="Reach"
            fill={CHART_COLORS.primary}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          />
          <Bar
            dataKey="engagements"
            name="Engagements"
            fill={CHART_COLORS.green}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
