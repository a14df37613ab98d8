import { CAMPAIGN_MESSAGES, type Campaign } from "@app/shared";
import { CalendarRange, CircleAlert, Eye, FolderKanban, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { PermissionHint } from "@/components/permission-hint";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatFigure } from "@/lib/figures";
import { permissionOf, useWorkspaceRole } from "@/lib/permissions";
import { useCampaigns } from "../api/campaigns";
import { formatCampaignDates } from "../utils/campaigns";
import { CampaignStatusBadge, CampaignSwatch } from "./campaign-bits";
import { CampaignDialog } from "./campaign-dialog";

const postCount = (n: number) => (n === 1 ? "1 post" : `${formatFigure(n)} posts`);

/** One campaign of the list: its colour, name, status, posts, engagement and dates, and View. */
function CampaignRow({ campaign }: { campaign: Campaign }) {
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-6">
      <div className="grid min-w-0 gap-1.5">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <CampaignSwatch color={campaign.color} />
          <h2 className="min-w-0 break-words font-semibold">{campaign.name}</h2>
          <CampaignStatusBadge status={campaign.status} />
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt className="sr-only">Posts</dt>
            <dd>{postCount(campaign.postCount)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Engagement:</dt>
            <dd className="tabular-nums text-foreground">{formatFigure(campaign.engagements)}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <CalendarRange className="size-4" aria-label="Dates" />
            </dt>
            <dd>{formatCampaignDates(campaign)}</dd>
          </div>
        </dl>
      </div>
      <Button asChild variant="outline" size="sm" className="justify-self-start sm:justify-self-end">
        <Link to={`/campaigns/${campaign.id}`} aria-label={`View ${campaign.name}`}>
          <Eye aria-hidden />
          View
        </Link>
      </Button>
    </li>
  );
}

/**
 * The Campaigns screen: the workspace's campaigns (status as of today in the member's zone) with their posts,
 * engagement and dates; Create Campaign for the roles that manage campaigns, View for everyone.
 */
export function CampaignsScreen() {
  const campaigns = useCampaigns();
  const role = useWorkspaceRole();
  const mayManage = permissionOf(role, "campaign", "manage");
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  const createButton = (
    <PermissionHint permission={mayManage}>
      <Button onClick={() => setCreating(true)} disabled={!mayManage.allowed}>
        <Plus aria-hidden />
        Create Campaign
      </Button>
    </PermissionHint>
  );

  let body: React.ReactNode;
  if (campaigns.isPending) {
    body = (
      <div role="status" className="grid gap-3" aria-busy="true" aria-label="Loading campaigns">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  } else if (campaigns.isError) {
    body = (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>{CAMPAIGN_MESSAGES.listFailed}</AlertTitle>
        <AlertDescription>
          <p>{campaigns.error.message}</p>
          <Button variant="outline" size="sm" className="w-fit" onClick={() => void campaigns.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (campaigns.data.length === 0) {
    body = (
      <EmptyState
        icon={FolderKanban}
        title={CAMPAIGN_MESSAGES.emptyTitle}
        description={CAMPAIGN_MESSAGES.emptyDescription}
        action={mayManage.allowed ? createButton : undefined}
      />
    );
  } else {
    body = (
      <ul className="divide-y rounded-lg border bg-card" aria-label="Campaigns">
        {campaigns.data.map((c) => (
          <CampaignRow key={c.id} campaign={c} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Group posts into campaigns and follow their dates and results."
        actions={createButton}
      />
      {role && !mayManage.allowed && <p className="mb-4 text-sm text-muted-foreground">{mayManage.reason}</p>}
      {body}
      <CampaignDialog
        open={creating}
        onOpenChange={setCreating}
        campaign={null}
        onSaved={(saved) => navigate(`/campaigns/${saved.id}`)}
      />
    </>
  );
}
