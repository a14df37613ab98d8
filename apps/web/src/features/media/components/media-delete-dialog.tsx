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
import { cn } from "@/lib/utils";

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
            <AlertDialogAction
              className={cn(buttonVariants({ variant: "destructive" }), "dark:bg-red-700 dark:hover:bg-red-700/90")}
              onClick={() => onConfirm(file)}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}
