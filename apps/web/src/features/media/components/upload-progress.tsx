import { useId } from "react";
import { Progress } from "@/components/ui/progress";
import type { UploadProgress } from "../hooks/use-media-upload";

/** The file being sent, its place in the round and how much of it has gone out. */
export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const id = useId();
  return (
    <div className="grid gap-2 rounded-md border bg-background p-3">
      <div className="flex min-w-0 items-baseline justify-between gap-3 text-sm">
        <span id={id} className="min-w-0 truncate" title={progress.name}>
          Uploading <span className="font-medium">{progress.name}</span>
          {progress.total > 1 && (
            <span className="text-muted-foreground">
              {" "}
              ({progress.index} of {progress.total})
            </span>
          )}
        </span>
        <span className="shrink-0 font-medium tabular-nums" aria-hidden>
          {progress.percent}%
        </span>
      </div>
      <Progress value={progress.percent} aria-labelledby={id} />
    </div>
  );
}
