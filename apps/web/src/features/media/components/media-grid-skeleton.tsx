import { MEDIA_SKELETON_CARDS } from "@app/shared";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { MEDIA_GRID } from "./media-grid";

/** The spec's placeholder cards, in the shape of file cards, while the library loads. */
export function MediaGridSkeleton({ count = MEDIA_SKELETON_CARDS }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading media files" className={MEDIA_GRID}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <Card key={i} data-testid="media-skeleton" className="overflow-hidden">
          <Skeleton className="aspect-[4/3] rounded-none" />
          <div className="grid gap-2 p-3">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </Card>
      ))}
    </div>
  );
}
