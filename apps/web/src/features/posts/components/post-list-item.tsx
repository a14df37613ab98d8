import { PLATFORM_LABELS, type Post, REVISABLE_STATUSES } from "@app/shared";
import { Clock, Copy, Pencil, Send, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { PermissionHint } from "@/components/permission-hint";
import { PlatformIcon } from "@/components/platform-icon";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useMe } from "@/features/auth/api/get-me";
import { CampaignTag } from "@/features/campaigns/components/campaign-bits";
import { postPermissions } from "../utils/post-permissions";
import { FacebookPageName } from "./facebook-page-name";
import { PostMoment } from "./post-moment";
import { PostResults } from "./post-results";
import { PostStatusBadge } from "./post-status-badge";

/**
 * One post of the list: its text, when, where and what became of it, with Edit (also of a failed post, which
 * then goes again where it failed), Publish now (scheduled) and Delete (anything not going out right now);
 * those the member's role does not allow are disabled with the reason. Duplicate (any post, even one going out)
 * copies it into a new draft.
 */
export function PostListItem({
  post,
  campaign,
  zone,
  pending,
  onPublish,
  onDelete,
  onRetry,
  onDuplicate,
  duplicating = false,
}: {
  post: Post;
  /** the post's campaign (its name and colour), when it has one */
  campaign?: { name: string; color: string };
  zone: string;
  pending: boolean;
  onPublish(): void;
  onDelete(): void;
  onRetry(): void;
  onDuplicate(): void;
  /** its copy is being made */
  duplicating?: boolean;
}) {
  const excerpt = post.content.slice(0, 40);
  const me = useMe().data;
  const may = postPermissions({ role: me?.workspace.role, userId: me?.user.id }, post);
  return (
    <li
      className="grid min-w-0 gap-3 rounded-lg border p-4"
      // The campaign's colour down the post's left edge, as on the calendar.
      style={campaign ? { borderLeftColor: campaign.color, borderLeftWidth: 4 } : undefined}
    >
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 whitespace-pre-wrap break-words text-sm">
          {post.content || <span className="text-muted-foreground">(no text)</span>}
          {post.hashtags.length > 0 && (
            <span className="mt-1 block text-primary">{post.hashtags.map((t) => `#${t}`).join(" ")}</span>
          )}
        </p>
        <PostStatusBadge status={post.status} />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <Clock className="size-4" aria-hidden />
          <span>
            <PostMoment post={post} zone={zone} />
          </span>
        </span>
        <span className="inline-flex flex-wrap items-center gap-1">
          {post.platforms.map((p) => (
            <span key={p} className="inline-flex items-center gap-1 rounded-full border py-0.5 pl-0.5 pr-2 text-xs">
              <PlatformIcon platform={p} size="sm" className="size-5 rounded-full text-[0.55rem]" />
              {PLATFORM_LABELS[p]}
            </span>
          ))}
        </span>
        <FacebookPageName post={post} />
        {campaign && <CampaignTag name={campaign.name} color={campaign.color} />}
      </div>
      <PostResults post={post} busy={pending} onRetry={onRetry} />
      <div className="flex flex-wrap gap-2">
        {REVISABLE_STATUSES.includes(post.status) && (
          <Button size="sm" variant="outline" asChild>
            <Link to={`/create-post?edit=${post.id}`} aria-label={`Edit post: ${excerpt}`}>
              <Pencil aria-hidden />
              Edit
            </Link>
          </Button>
        )}
        {post.status === "scheduled" && (
          <PermissionHint permission={may.schedule}>
            <Button size="sm" variant="outline" disabled={pending || !may.schedule.allowed} onClick={onPublish}>
              {pending ? <Spinner className="size-4 text-current" label="Working" /> : <Send aria-hidden />}
              Publish now
            </Button>
          </PermissionHint>
        )}
        <PermissionHint permission={may.duplicate}>
          <Button
            size="sm"
            variant="outline"
            disabled={duplicating || !may.duplicate.allowed}
            onClick={onDuplicate}
            aria-label={`Duplicate post: ${excerpt}`}
          >
            {duplicating ? <Spinner className="size-4 text-current" label="Duplicating" /> : <Copy aria-hidden />}
            Duplicate
          </Button>
        </PermissionHint>
        {post.status !== "publishing" && (
          <PermissionHint permission={may.remove}>
            <Button
              size="sm"
              variant="outline"
              className="text-destructive hover:text-destructive"
              disabled={pending || !may.remove.allowed}
              onClick={onDelete}
            >
              <Trash2 aria-hidden />
              Delete
            </Button>
          </PermissionHint>
        )}
      </div>
    </li>
  );
}
