import { apiErrorSchema, type MediaFile, mediaResponseSchema } from "@app/shared";
import { ApiError } from "@/lib/api-client";

/**
 * Sends one file to the library (multipart, field `file`). XMLHttpRequest rather than fetch: only it
 * reports how much of the body has gone out. `onProgress` gets 0 to 1. Failures throw ApiError with the
 * server's `{ error: { code, message, title? } }`.
 */
export function uploadMedia(
  file: File,
  opts: { onProgress?(fraction: number): void; signal?: AbortSignal } = {},
): Promise<MediaFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/media");
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.addEventListener("progress", (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    });
    xhr.addEventListener("load", () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = mediaResponseSchema.safeParse(data);
        if (parsed.success) resolve(parsed.data.media);
        else reject(new ApiError(xhr.status, "BAD_RESPONSE", "The server's answer could not be read."));
        return;
      }
      const parsed = apiErrorSchema.safeParse(data);
      if (parsed.success) {
        const { code, message, title } = parsed.data.error;
        reject(new ApiError(xhr.status, code, message, title));
      } else {
        reject(new ApiError(xhr.status, "HTTP_ERROR", `The server answered ${xhr.status}.`));
      }
    });
    xhr.addEventListener("error", () =>
      reject(new ApiError(0, "NETWORK_ERROR", "Can't reach the server. Check your connection and try again.")),
    );
    xhr.addEventListener("abort", () => reject(new DOMException("The upload was cancelled.", "AbortError")));
    opts.signal?.addEventListener("abort", () => xhr.abort(), { once: true });

    const body = new FormData();
    body.append("file", file, file.name);
    xhr.send(body);
  });
}
