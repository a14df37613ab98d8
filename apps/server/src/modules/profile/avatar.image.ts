import { AVATAR_SIZE, PROFILE_MESSAGES } from "@app/shared";
import sharp from "sharp";
import { AppError, badRequest } from "../../http/errors";

export type AvatarFormat = "jpeg" | "png" | "gif";

/** The kind of image the first bytes say, or null: the file's name and declared type are not trusted. */
export function sniffAvatar(bytes: Buffer): AvatarFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  const head = bytes.subarray(0, 6).toString("latin1");
  if (head === "GIF87a" || head === "GIF89a") return "gif";
  return null;
}

const EXTENSIONS: Record<string, AvatarFormat> = { jpg: "jpeg", jpeg: "jpeg", png: "png", gif: "gif" };

/** The format a file's name claims, null when it has no extension; undefined for one that is not allowed. */
function claimedFormat(filename: string): AvatarFormat | null | undefined {
  const dot = filename.lastIndexOf(".");
  if (dot < 0) return null;
  return EXTENSIONS[filename.slice(dot + 1).toLowerCase()];
}

export interface ProcessedAvatar {
  data: Buffer;
  /** the extension of what sharp wrote */
  ext: "jpg" | "png";
  contentType: "image/jpeg" | "image/png";
}

/**
 * Checks an uploaded avatar by its bytes (a JPG, GIF or PNG whose name does not say otherwise, which sharp
 * decodes whole) and crops it to a centred square of AVATAR_SIZE pixels: photos stay JPEG, the others PNG
 * (a GIF's first frame). Anything else is refused with PROFILE_MESSAGES.avatarType.
 */
export async function processAvatar(bytes: Buffer, filename: string): Promise<ProcessedAvatar> {
  const format = sniffAvatar(bytes);
  const claimed = claimedFormat(filename);
  if (!format || claimed === undefined || (claimed !== null && claimed !== format)) {
    throw badRequest(PROFILE_MESSAGES.avatarType);
  }
  try {
    const image = sharp(bytes, { failOn: "error", limitInputPixels: 4096 * 4096, animated: false });
    const meta = await image.metadata();
    if (meta.format !== format) throw badRequest(PROFILE_MESSAGES.avatarType);
    const square = image.rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" });
    const out =
      format === "jpeg"
        ? await square.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true })
        : await square.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
    return out.info.format === "jpeg"
      ? { data: out.data, ext: "jpg", contentType: "image/jpeg" }
      : { data: out.data, ext: "png", contentType: "image/png" };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // sharp could not decode it whole: not the image its first bytes claim
    throw badRequest(PROFILE_MESSAGES.avatarType);
  }
}
