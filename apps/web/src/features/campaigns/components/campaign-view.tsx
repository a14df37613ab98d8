import { CAMPAIGN_MESSAGES } from "@app/shared";
import {
  ArrowLeft,
  CalendarRange,
  CircleAlert,
  Download,
  FileQuestion,
  Link2,
  ListPlus,
  Pencil,
  PenSquare,
  Trash2,
} from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { PermissionHint } from "@/components/permission-hint";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { campaignExportHref, useCampaign, useDeleteCampaign } from "../api/campaigns";
import { formatCampaignDates } from "../utils/campaigns";
import { AddPostsDialog } from "./add-posts-dialog";
import { CampaignStatusBadge, CampaignSwatch } from "./campaign-bits";
import { CampaignDialog } from "./campaign-dialog";
import { CampaignFiguresSection } from "./campaign-figures";
import { CampaignPosts } from "./campaign-posts";

const BackLink = () => (
  <Link
    to="/campaigns"
    className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
  >
    <ArrowLeft className="size-4" aria-hidden />
    All campaigns
  </Link>
);

/**
 * One campaign (/campaigns/:id): its colour, status, dates and UTM setting; its figures over its published
 * posts; its posts on a timeline and in a list; Create post in this campaign, Add existing posts, Export CSV,
 * Edit and Delete (its posts stay, without a campaign).
 */
export function CampaignView({ id }: { id: string }) {
  const zone = useDisplayTimeZone();
  const detail = useCampaign(id);
  const mayManage = useCan("campaign", "manage");
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteCampaign();
  const navigate = useNavigate();

  if (detail.isPending) {
    return (
      <div role="status" className="grid gap-4" aria-busy="true" aria-label="Loading the campaign">
        <Skeleton className="h-10 w-2/3" />
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <>
        <BackLink />
        {missing ? (
          <EmptyState
            icon={FileQuestion}
            title={CAMPAIGN_MESSAGES.notFound}
            description="It may have been deleted, or the link you followed is incomplete."
          />
        ) : (
          <Alert variant="destructive">
            <CircleAlert aria-hidden />
            <AlertTitle>This campaign could not be loaded</AlertTitle>
            <AlertDescription>
              <p>{detail.error.message}</p>
              <Button variant="outline" size="sm" className="w-fit" onClick={() => void detail.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        )}
      </>
    );
  }

  const { campaign, posts, figures } = detail.data;
  const deleteCampaign = () =>
    remove.mutate(campaign.id, {
      onSuccess: () => {
        toast.success(CAMPAIGN_MESSAGES.deleted);
        navigate("/campaigns", { replace: true });
      },
      onError: (err) => toast.error("The campaign could not be deleted", { description: err.message }),
    });

  return (
    <>
      <BackLink />
      <header className="mb-6 grid gap-4">
        <div className="grid gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <CampaignSwatch color={campaign.color} className="size-4" />
            <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight sm:text-3xl">{campaign.name}</h1>
            <CampaignStatusBadge status={campaign.status} />
          </div>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <CalendarRange className="size-4" aria-hidden />
              {formatCampaignDates(campaign)}
              {!campaign.statusFixed && campaign.startDate && <span>(the status follows the dates)</span>}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Link2 className="size-4" aria-hidden />
              {campaign.utm ? (
                <span>
                  UTM tagging on: utm_campaign=<code className="text-foreground">{campaign.slug}</code>
                </span>
              ) : (
                "UTM tagging off"
              )}
            </span>
          </div>
          {campaign.description && <p className="max-w-3xl whitespace-pre-wrap break-words">{campaign.description}</p>}
        </div>
        <div className="flex flex-wrap gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">
          <Button asChild>
            <Link to={`/create-post?campaign=${campaign.id}`}>
              <PenSquare aria-hidden />
              Create post in this campaign
            </Link>
          </Button>
          <PermissionHint permission={mayManage}>
            <Button variant="outline" disabled={!mayManage.allowed} onClick={() => setAdding(true)}>
              <ListPlus aria-hidden />
              Add existing posts
            </Button>
          </PermissionHint>
          <Button asChild variant="outline">
            <a href={campaignExportHref(campaign.id, zone)} download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
          <PermissionHint permission={mayManage}>
            <Button variant="outline" disabled={!mayManage.allowed} onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              Edit
            </Button>
          </PermissionHint>
          <PermissionHint permission={mayManage}>
            <Button
              variant="outline"
              className="text-destructive hover:text-destructive"
              disabled={!mayManage.allowed || remove.isPending}
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 aria-hidden />
              Delete
            </Button>
          </PermissionHint>
        </div>
        {!mayManage.allowed && mayManage.reason && <p className="text-sm text-muted-foreground">{mayManage.reason}</p>}
      </header>
      <div className="grid min-w-0 gap-6">
        <CampaignFiguresSection figures={figures} />
        <CampaignPosts posts={posts} zone={zone} color={campaign.color} />
      </div>
      <CampaignDialog open={editing} onOpenChange={setEditing} campaign={campaign} />
      <AddPostsDialog
        open={adding}
        onOpenChange={setAdding}
        campaignId={campaign.id}
        campaignName={campaign.name}
        zone={zone}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete “${campaign.name}”?`}
        description="The campaign is deleted for every member. Its posts stay, without a campaign."
        confirmLabel="Delete"
        destructive
        onConfirm={deleteCampaign}
      />
    </>
  );
}
