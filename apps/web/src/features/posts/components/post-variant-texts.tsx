import { COMPOSER_MESSAGES as M, PLATFORM_LABELS, PLATFORMS, type Post } from "@app/shared";
import { PlatformIcon } from "@/components/platform-icon";

/** A saved post's own texts per network (issue 23) and its first comment, under its common text. */
export function PostVariantTexts({ post }: { post: Pick<Post, "variants" | "firstComment"> }) {
  const own = PLATFORMS.flatMap((p) => {
    const variant = post.variants[p];
    return variant ? [{ platform: p, ...variant }] : [];
  });
  if (own.length === 0 && !post.firstComment) return null;
  return (
    <dl className="grid gap-2 text-sm">
      {own.map((v) => (
        <div key={v.platform} className="grid gap-1 rounded-md border p-3">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <PlatformIcon platform={v.platform} size="sm" className="size-4 rounded-sm text-[0.5rem]" />
            {M.contentFor(PLATFORM_LABELS[v.platform])}
          </dt>
          <dd className="whitespace-pre-wrap break-words">
            {v.content || <span className="text-muted-foreground">(no text)</span>}
            {v.hashtags.length > 0 && (
              <span className="mt-1 block text-primary">{v.hashtags.map((t) => `#${t}`).join(" ")}</span>
            )}
          </dd>
        </div>
      ))}
      {post.firstComment && (
        <div className="grid gap-1 rounded-md border border-dashed p-3">
          <dt className="text-xs font-medium text-muted-foreground">{M.firstComment}</dt>
          <dd className="whitespace-pre-wrap break-words">{post.firstComment}</dd>
        </div>
      )}
    </dl>
  );
}
