import { PLATFORM_LABELS, POST_MESSAGES, type Post, RESENDABLE_STATUSES } from "@app/shared";
import { RotateCcw } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";

const names = (post: Post, sent: boolean) =>
  [
    ...new Set(post.targets.filter((t) => (t.status === "published") === sent).map((t) => PLATFORM_LABELS[t.platform])),
  ].join(", ");

/** Editing a post that failed somewhere: says where it is already out and where saving sends it again. */
export function ResendNote({ post }: { post: Post }) {
  if (!RESENDABLE_STATUSES.includes(post.status)) return null;
  const published = names(post, true);
  return (
    <Alert className="mb-4">
      <RotateCcw aria-hidden />
      <AlertDescription>
        <p>{published ? POST_MESSAGES.resendNote(published, names(post, false)) : POST_MESSAGES.resendAllNote}</p>
      </AlertDescription>
    </Alert>
  );
}
