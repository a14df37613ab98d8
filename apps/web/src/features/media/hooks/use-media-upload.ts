import { MEDIA_MESSAGES, type MediaFile } from "@app/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "@/lib/api-client";
import { cacheMedia } from "../api/get-media";
import { uploadMedia } from "../api/upload-media";
import { checkUpload } from "../utils/upload-checks";

/** Where the uploads of one round stand. */
export interface UploadProgress {
  /** the original name of the file being sent */
  name: string;
  /** its place among the files of this round, from 1 */
  index: number;
  /** the files of this round, including those added while it runs */
  total: number;
  /** how much of it has gone out, 0 to 100 */
  percent: number;
}

/** A refusal of the server (4xx) in its own words; anything else in the spec's general words. */
function toastUploadError(err: unknown) {
  if (err instanceof DOMException && err.name === "AbortError") return;
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
    toast.error(err.title ?? MEDIA_MESSAGES.uploadFailedTitle, { description: err.message });
  } else {
    console.error(err);
    toast.error(MEDIA_MESSAGES.uploadFailedTitle, { description: MEDIA_MESSAGES.uploadFailed });
  }
}

/**
 * Uploads files to the library one at a time. Each chosen file is checked first (an image or a video, at
 * most 50 MB): a refused one gets its toast while the others go on. Files added while a round runs join
 * its queue. Each upload lands in the cached library at once and, when given, in `onUploaded`.
 */
export function useMediaUpload(opts: { onUploaded?(file: MediaFile): void } = {}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const queue = useRef<File[]>([]);
  const running = useRef(false);
  const latest = useRef(opts);
  useEffect(() => {
    latest.current = opts;
  });

  const run = useCallback(async () => {
    running.current = true;
    let index = 0;
    try {
      for (let file = queue.current.shift(); file; file = queue.current.shift()) {
        index++;
        const at = index;
        const name = file.name;
        setProgress({ name, index: at, total: at + queue.current.length, percent: 0 });
        try {
          const media = await uploadMedia(file, {
            onProgress: (fraction) =>
              setProgress({ name, index: at, total: at + queue.current.length, percent: Math.round(fraction * 100) }),
          });
          cacheMedia(queryClient, media);
          toast.success(MEDIA_MESSAGES.uploadedTitle, { description: MEDIA_MESSAGES.uploaded(media.originalName) });
          latest.current.onUploaded?.(media);
        } catch (err) {
          toastUploadError(err);
        }
      }
    } finally {
      running.current = false;
      setProgress(null);
    }
  }, [queryClient]);

  /** Checks the files and queues those that may go. */
  const upload = useCallback(
    (files: Iterable<File>) => {
      let queued = 0;
      for (const file of files) {
        const problem = checkUpload(file);
        if (problem) {
          toast.error(problem.title, { description: problem.message });
          continue;
        }
        queue.current.push(file);
        queued++;
      }
      if (queued > 0 && !running.current) void run();
    },
    [run],
  );

  return { upload, progress, uploading: progress !== null };
}
