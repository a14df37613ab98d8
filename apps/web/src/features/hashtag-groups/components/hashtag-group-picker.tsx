import { HASHTAG_GROUP_MESSAGES, type HashtagGroup, MAX_HASHTAGS } from "@app/shared";
import { Bookmark, BookmarkPlus, Settings2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Spinner } from "@/components/ui/spinner";
import { useCan } from "@/lib/permissions";
import { useHashtagGroups } from "../api/hashtag-groups";
import { addGroupHashtags, hashtagsText } from "../utils/hashtag-groups";
import { ManageHashtagGroupsDialog, SaveHashtagGroupDialog } from "./hashtag-groups-dialog";

/**
 * The composer's "Hashtag groups" menu beside its Hashtags field: a saved group adds its hashtags the post
 * lacks (up to the post's limit, saying what was left out); Save current as group; Manage groups.
 */
export function HashtagGroupPicker({ value, onChange }: { value: string[]; onChange(tags: string[]): void }) {
  // The groups are read the first time the menu opens, not with every composer.
  const [used, setUsed] = useState(false);
  const groups = useHashtagGroups({ enabled: used });
  const may = useCan("post", "draft");
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);

  const add = (group: HashtagGroup) => {
    const { tags, added, leftOut } = addGroupHashtags(value, group.hashtags);
    if (added.length > 0) onChange(tags);
    if (leftOut.length > 0)
      toast.warning(HASHTAG_GROUP_MESSAGES.cappedTitle, {
        description: HASHTAG_GROUP_MESSAGES.capped(added.length, leftOut.length, MAX_HASHTAGS),
      });
    else if (added.length > 0) toast.success(HASHTAG_GROUP_MESSAGES.added(added.length, group.name));
    else toast.info(HASHTAG_GROUP_MESSAGES.nothingNew(group.name));
  };

  return (
    <>
      <DropdownMenu onOpenChange={(open) => open && setUsed(true)}>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="link" size="sm" className="h-auto p-0">
            <Bookmark aria-hidden />
            Hashtag groups
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72 max-w-[calc(100vw-2rem)]">
          <DropdownMenuLabel>Add a saved group</DropdownMenuLabel>
          {groups.isPending ? (
            <div className="flex justify-center py-2">
              <Spinner className="size-4" label="Loading hashtag groups" />
            </div>
          ) : groups.isError ? (
            <p role="alert" className="px-2 py-1.5 text-sm text-destructive">
              {HASHTAG_GROUP_MESSAGES.listFailed}
            </p>
          ) : groups.data.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{HASHTAG_GROUP_MESSAGES.empty}</p>
          ) : (
            groups.data.map((g) => (
              <DropdownMenuItem key={g.id} onSelect={() => add(g)} aria-label={`Add ${g.name}`}>
                <div className="grid min-w-0">
                  <span className="truncate font-medium">{g.name}</span>
                  <span className="truncate text-xs text-muted-foreground">{hashtagsText(g.hashtags)}</span>
                </div>
              </DropdownMenuItem>
            ))
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={!may.allowed || value.length === 0}
            title={value.length === 0 ? HASHTAG_GROUP_MESSAGES.saveCurrentEmpty : (may.reason ?? undefined)}
            onSelect={() => setSaving(true)}
          >
            <BookmarkPlus aria-hidden />
            Save current as group
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setManaging(true)}>
            <Settings2 aria-hidden />
            Manage groups
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SaveHashtagGroupDialog open={saving} onOpenChange={setSaving} hashtags={value} />
      <ManageHashtagGroupsDialog open={managing} onOpenChange={setManaging} />
    </>
  );
}
