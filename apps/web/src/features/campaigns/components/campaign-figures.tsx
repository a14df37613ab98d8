import { type CampaignFigures, METRIC_DEFINITIONS } from "@app/shared";
import { Eye, Heart, Percent, Send, Trophy } from "lucide-react";
import { StatCard } from "@/components/stat-card";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { NetworkChart } from "@/features/results/components/network-chart";
import { formatFigure, formatRate } from "@/lib/figures";

/** The campaign's figures: its cards, results per network and its best post (null figures: still loading). */
export function CampaignFiguresSection({ figures }: { figures: CampaignFigures | null }) {
  const best = figures?.bestPost ?? null;
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          title="Reach"
          icon={Eye}
          value={figures && formatFigure(figures.reach)}
          hint={METRIC_DEFINITIONS.reach}
        />
        <StatCard
          title="Engagements"
          icon={Heart}
          value={figures && formatFigure(figures.engagements)}
          hint={METRIC_DEFINITIONS.engagements}
        />
        <StatCard
          title="Engagement rate"
          icon={Percent}
          value={figures && formatRate(figures.engagementRate)}
          hint={METRIC_DEFINITIONS.engagementRate}
        />
        <StatCard title="Published posts" icon={Send} value={figures && formatFigure(figures.published)} />
      </div>
      <div className="grid min-w-0 gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {figures && (
            <NetworkChart
              networks={figures.perNetwork}
              description="Reach and engagements of the campaign's published posts, by network."
              emptyText="No post of this campaign has been published yet."
            />
          )}
        </div>
        <Card role="region" aria-labelledby="campaign-best-post" className="min-w-0">
          <CardHeader className="flex-row items-center gap-2 space-y-0 p-4 sm:p-6">
            <Trophy className="size-4 text-muted-foreground" aria-hidden />
            <h2 id="campaign-best-post" className="font-semibold leading-tight">
              Best post
            </h2>
          </CardHeader>
          <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
            {best ? (
              <figure className="grid gap-2">
                <blockquote className="break-words text-sm">“{best.excerpt}”</blockquote>
                <figcaption className="text-sm text-muted-foreground">
                  <span className="font-semibold tabular-nums text-foreground">{formatFigure(best.engagements)}</span>{" "}
                  {best.engagements === 1 ? "engagement" : "engagements"}
                </figcaption>
              </figure>
            ) : (
              <p className="text-sm text-muted-foreground">
                {figures ? "No results yet: the best post shows once its figures are read." : "Loading…"}
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
