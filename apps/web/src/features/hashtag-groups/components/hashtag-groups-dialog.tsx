import { HASHTAG_GROUP_MESSAGES, type HashtagGroup } from "@app/shared";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { PermissionHint } from "@/components/permission-hint";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useCan } from "@/lib/permissions";
import { useDeleteHashtagGroup, useHashtagGroups } from "../api/hashtag-groups";
import { hashtagsText } from "../utils/hashtag-groups";
import { HashtagGroupForm } from "./hashtag-group-form";

/** Save the post's hashtags as a new group (its name asked, its hashtags still editable). */
export function SaveHashtagGroupDialog({
  open,
  onOpenChange,
  hashtags,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  hashtags: readonly string[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Save as hashtag group</DialogTitle>
          <DialogDescription>Name these hashtags to add them to another post in one click.</DialogDescription>
        </DialogHeader>
        {open && (
          <HashtagGroupForm
            group={null}
            initialHashtags={hashtags}
            onDone={() => onOpenChange(false)}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The workspace's groups, each renamed, given other hashtags or deleted in place. */
export function ManageHashtagGroupsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const groups = useHashtagGroups({ enabled: open });
  const remove = useDeleteHashtagGroup();
  const may = useCan("post", "draft");
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<HashtagGroup | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setEditing(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Hashtag groups</DialogTitle>
          <DialogDescription>Every member of the workspace can use these groups.</DialogDescription>
        </DialogHeader>
        {groups.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : groups.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {HASHTAG_GROUP_MESSAGES.listFailed}
          </p>
        ) : groups.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{HASHTAG_GROUP_MESSAGES.empty}</p>
        ) : (
          <ul className="grid gap-2" aria-label="Saved hashtag groups">
            {groups.data.map((g) => (
              <li key={g.id} className="min-w-0 rounded-lg border p-3">
                {editing === g.id ? (
                  <HashtagGroupForm group={g} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
                ) : (
                  <div className="flex min-w-0 items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium">{g.name}</p>
                      <p className="break-words text-xs text-primary">{hashtagsText(g.hashtags)}</p>
                    </div>
                    <PermissionHint permission={may}>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        className="size-8"
                        disabled={!may.allowed}
                        aria-label={`Edit ${g.name}`}
                        onClick={() => setEditing(g.id)}
                      >
                        <Pencil aria-hidden />
                      </Button>
                    </PermissionHint>
                    <PermissionHint permission={may}>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        className="size-8 text-destructive hover:text-destructive"
                        disabled={!may.allowed || (remove.isPending && remove.variables === g.id)}
                        aria-label={`Delete ${g.name}`}
                        onClick={() => setDeleting(g)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </PermissionHint>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={HASHTAG_GROUP_MESSAGES.confirmDelete(deleting?.name ?? "")}
        description={HASHTAG_GROUP_MESSAGES.confirmDeleteDetail}
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          const group = deleting;
          setDeleting(null);
          if (!group) return;
          remove.mutate(group.id, {
            onSuccess: () => toast.success(HASHTAG_GROUP_MESSAGES.deleted, { description: group.name }),
            onError: (err) => toast.error(HASHTAG_GROUP_MESSAGES.deleteFailed, { description: err.message }),
          });
        }}
      />
    </Dialog>
  );
}
