import { type MediaFile, QUICK_POST_MESSAGES, TEXT_LIMITS, TITLE_LIMIT } from "@app/shared";
import { useQuery } from "@tanstack/react-query";
import { Images, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useWatch } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { pinterestBoardsQueryOptions } from "@/features/accounts/api/get-pinterest-boards";
import { MediaPickerDialog } from "@/features/media/components/media-picker-dialog";
import { MediaThumbnail } from "@/features/media/components/media-thumbnail";
import { useQuickPostForm } from "../../hooks/use-quick-publish";
import { emptyPinterestPost, pinterestDraft, pinterestPostSchema } from "../../utils/quick-post";
import { CharCount, QuickField, type QuickPostDialogProps, QuickPostShell } from "./quick-post-shell";

const M = QUICK_POST_MESSAGES;

/**
 * A pin from one account, now: title and image (by address, or from the media library), an optional
 * description, destination link and board (without one, the pin goes on the account's first board).
 */
export function PinterestPostDialog({ account, trigger }: QuickPostDialogProps) {
  const id = useId();
  const [pickerOpen, setPickerOpen] = useState(false);
  /** the library image chosen, to show it (the form holds its id) */
  const [libraryImage, setLibraryImage] = useState<MediaFile | null>(null);
  const { form, shell } = useQuickPostForm({
    network: "pinterest",
    accountId: account.id,
    schema: pinterestPostSchema,
    empty: emptyPinterestPost,
    toDraft: pinterestDraft,
    onCleared: () => setLibraryImage(null),
  });
  const { errors } = form.formState;
  const [title, description] = useWatch({ control: form.control, name: ["title", "description"] });
  const boards = useQuery({ ...pinterestBoardsQueryOptions(account.id), enabled: shell.open });

  useEffect(() => {
    if (boards.isError)
      toast.error(M.boardsFailedTitle, { id: `pinterest-boards-${account.id}`, description: M.boardsFailed });
  }, [boards.isError, account.id]);

  const chooseLibraryImage = (file: MediaFile | null) => {
    if (file && file.fileType !== "image") {
      form.setError("imageUrl", { message: M.pinImageOnly });
      return;
    }
    setLibraryImage(file);
    form.setValue("libraryImageId", file?.id ?? null);
    if (file) form.clearErrors("imageUrl");
  };

  return (
    <QuickPostShell account={account} trigger={trigger} title="Create a Pin" submitLabel="Create Pin" {...shell}>
      <QuickField
        id={`${id}-title`}
        label="Title"
        error={errors.title}
        aside={<CharCount used={title.length} limit={TITLE_LIMIT} />}
      >
        {(control) => <Input {...control} {...form.register("title")} required autoComplete="off" />}
      </QuickField>

      <div className="grid gap-2">
        {libraryImage ? (
          <div className="grid gap-2">
            <p className="text-sm font-medium leading-none">Image</p>
            <div className="flex min-w-0 items-center gap-3 rounded-md border p-2">
              <div className="size-14 shrink-0 overflow-hidden rounded bg-muted">
                <MediaThumbnail file={libraryImage} />
              </div>
              <p className="min-w-0 flex-1 truncate text-sm" title={libraryImage.originalName}>
                <span className="sr-only">From your library: </span>
                {libraryImage.originalName}
              </p>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={`Remove ${libraryImage.originalName}`}
                onClick={() => chooseLibraryImage(null)}
              >
                <X aria-hidden />
              </Button>
            </div>
          </div>
        ) : (
          <QuickField id={`${id}-image`} label="Image URL" error={errors.imageUrl}>
            {(control) => (
              <Input
                {...control}
                {...form.register("imageUrl")}
                required
                type="url"
                inputMode="url"
                placeholder="https://"
              />
            )}
          </QuickField>
        )}
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {!libraryImage && <span>or</span>}
          <Button type="button" variant="outline" size="sm" onClick={() => setPickerOpen(true)}>
            <Images aria-hidden />
            {libraryImage ? "Choose another image" : "Choose from Library"}
          </Button>
        </div>
      </div>

      <QuickField
        id={`${id}-description`}
        label="Description"
        optional
        error={errors.description}
        aside={<CharCount used={[...description].length} limit={TEXT_LIMITS.pinterest} />}
      >
        {(control) => <Textarea {...control} {...form.register("description")} rows={3} className="min-h-20" />}
      </QuickField>

      <QuickField id={`${id}-link`} label="Destination link" optional error={errors.link}>
        {(control) => (
          <Input {...control} {...form.register("link")} type="url" inputMode="url" placeholder="https://" />
        )}
      </QuickField>

      <QuickField
        id={`${id}-board`}
        label="Board"
        optional
        hint={boards.isError ? M.boardsFailed : undefined}
        error={errors.boardId}
      >
        {(control) => (
          <div className="flex gap-2">
            <div className="min-w-0 flex-1">
              <NativeSelect {...control} {...form.register("boardId")} disabled={boards.isPending}>
                <option value="">{boards.isPending ? M.boardsLoading : "Your first board"}</option>
                {boards.data?.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {boards.isError && (
              <Button type="button" variant="outline" onClick={() => void boards.refetch()}>
                Try again
              </Button>
            )}
          </div>
        )}
      </QuickField>

      <MediaPickerDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        selected={libraryImage ? [libraryImage.id] : []}
        max={1}
        onConfirm={(files) => chooseLibraryImage(files[0] ?? null)}
      />
    </QuickPostShell>
  );
}
