import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from "@app/shared";

export interface UploadProblem {
  title: string;
  message: string;
}

/**
 * What the browser can tell before sending a file: an image or a video (by the type it reports), and no
 * larger than the limit. The server looks at the bytes themselves and may still refuse it.
 */
export function checkUpload(file: Pick<File, "name" | "type" | "size">): UploadProblem | null {
  if (!file.type.startsWith("image/") && !file.type.startsWith("video/"))
    return { title: MEDIA_MESSAGES.invalidTypeTitle, message: MEDIA_MESSAGES.invalidType(file.name) };
  if (file.size > MEDIA_MAX_BYTES)
    return { title: MEDIA_MESSAGES.tooLargeTitle, message: MEDIA_MESSAGES.tooLarge(file.name) };
  return null;
}
