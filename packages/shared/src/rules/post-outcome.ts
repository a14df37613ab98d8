import { PUBLISH_MESSAGES } from "../constants/messages";
import { PLATFORM_LABELS } from "../constants/platforms";
import type { Post } from "../schemas/posts";

/** Where a post that was sent out stands: the four outcomes of the spec's Publish Now, or still going. */
export type PostOutcome =
  | { kind: "published" }
  | { kind: "partial"; failed: Post["targets"] }
  | { kind: "failed"; failed: Post["targets"] }
  | { kind: "pending" };

const settled = (t: Post["targets"][number]) => t.status !== "pending" && t.status !== "publishing";

/** A target the user must act on: failed, or interrupted without a way to know (unconfirmed). */
const notOut = (t: Post["targets"][number]) => t.status === "failed" || t.status === "unconfirmed";

export function postOutcome(post: Pick<Post, "targets">): PostOutcome {
  if (post.targets.length === 0 || !post.targets.every(settled)) return { kind: "pending" };
  const failed = post.targets.filter(notOut);
  if (failed.length === 0) return { kind: "published" };
  return failed.length === post.targets.length ? { kind: "failed", failed } : { kind: "partial", failed };
}

/** "LinkedIn and X", "Facebook, LinkedIn and X": networks in a sentence, each once. */
export function networkList(platforms: readonly Post["targets"][number]["platform"][]): string {
  const names = [...new Set(platforms.map((p) => PLATFORM_LABELS[p]))];
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The title and description a person is shown for an outcome (the Publish Now toasts). */
export function describePostOutcome(post: Pick<Post, "targets">): { title: string; description: string } | null {
  const outcome = postOutcome(post);
  const M = PUBLISH_MESSAGES;
  switch (outcome.kind) {
    case "published":
      return {
        title: M.allPublishedTitle,
        description: M.allPublished(networkList(post.targets.map((t) => t.platform))),
      };
    case "partial":
      return { title: M.partialTitle, description: M.partial(networkList(outcome.failed.map((t) => t.platform))) };
    case "failed":
      return {
        title: M.failedTitle,
        description: outcome.failed
          .map((t) => `${PLATFORM_LABELS[t.platform]}: ${t.lastError ?? M.unexpected}`)
          .join("\n"),
      };
    case "pending":
      return null;
  }
}
