import type { Post } from "@app/shared";
import { formatPostMoment, postZoneHint } from "../utils/format";

/**
 * When a post goes out, in the zone the user sees times in (named after it unless `withZone` is false), and
 * the post's own time when it was scheduled in another zone: "Mar 11, 2027 at 08:00 (Europe/London) · 09:00
 * in Europe/Paris".
 */
export function PostMoment({
  post,
  zone,
  withZone = true,
}: {
  post: Pick<Post, "scheduledAt" | "scheduledDate" | "scheduledTime" | "timezone">;
  zone: string;
  withZone?: boolean;
}) {
  const hint = postZoneHint(post, zone);
  return (
    <>
      {formatPostMoment(post, zone)}
      {withZone && ` (${zone})`}
      {hint && ` · ${hint}`}
    </>
  );
}
