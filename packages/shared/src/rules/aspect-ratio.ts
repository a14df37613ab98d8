import { ASPECT_RATIOS, type AspectRatio } from "../constants/posts";

const RATIO_VALUE: Record<AspectRatio, number> = { "1:1": 1, "16:9": 16 / 9, "9:16": 9 / 16, "4:5": 4 / 5 };

/** The crop closest to a file's own shape (1:1 when its size is unknown): what a post's media item gets by default. */
export function closestAspectRatio(width: number | null, height: number | null): AspectRatio {
  if (!width || !height) return "1:1";
  const own = Math.log(width / height);
  let best: AspectRatio = "1:1";
  for (const ratio of ASPECT_RATIOS) {
    if (Math.abs(Math.log(RATIO_VALUE[ratio]) - own) < Math.abs(Math.log(RATIO_VALUE[best]) - own)) best = ratio;
  }
  return best;
}
