import { MEDIA_MESSAGES, type MediaFile } from "@app/shared";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";

/** The spec's question before a file is deleted for good. */
export function MediaDeleteDialog({
  file,
  onOpenChange,
  onConfirm,
}: {
  file: MediaFile | null;
  onOpenChange(open: boolean): void;
  onConfirm(file: MediaFile): void;
}) {
  return (
    <AlertDialog open={file !== null} onOpenChange={onOpenChange}>
      {file && (
        <AlertDialogContent aria-describedby={undefined}>
          <AlertDialogHeader>
            <AlertDialogTitle className="text-base leading-snug [overflow-wrap:anywhere]">
              {MEDIA_MESSAGES.deleteConfirm(file.originalName)}
            </AlertDialogTitle>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            {/* The theme's dark red is too light behind white text: a deeper one in dark mode. */}
            <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={() => onConfirm(file)}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}
