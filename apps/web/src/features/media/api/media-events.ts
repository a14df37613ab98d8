import { type MediaFile, mediaChangedEventSchema } from "@app/shared";
import { useQueryClient } from "@tanstack/react-query";
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
      queryClient.setQueryData<MediaFile[]>(mediaListKey, (list) => list && applyMediaEvent(list, parsed.data));
    },
    onResync() {
      void queryClient.invalidateQueries({ queryKey: mediaQueryKey });
    },
  };
}
