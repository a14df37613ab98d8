import { type MediaFile, mediaChangedEventSchema } from "@app/shared";
import { useQueryClient } from "@tanstack/react-query";
import { applyLiveChange } from "@/lib/live-cache";
import type { RealtimeChannel } from "@/lib/realtime";
import { applyMediaEvent } from "../utils/media-cache";
import { mediaListKey, mediaQueryKey } from "./get-media";

/**
 * The "media" events of the stream: an upload or a deletion lands in the cached library, in this tab and
 * every other one of the user.
 */
export function useMediaChannel(): RealtimeChannel {
  const queryClient = useQueryClient();
  return {
    event: "media",
    onMessage(data) {
      const parsed = mediaChangedEventSchema.safeParse(data);
      if (!parsed.success) return;
      applyLiveChange<MediaFile[]>(queryClient, { queryKey: mediaListKey, exact: true }, (list) =>
        applyMediaEvent(list, parsed.data),
      );
    },
    onResync() {
      void queryClient.invalidateQueries({ queryKey: mediaQueryKey });
    },
  };
}
