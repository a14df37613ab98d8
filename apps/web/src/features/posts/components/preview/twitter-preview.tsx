import {
  linkCard,
  type PostOptions,
  PREVIEW_MESSAGES,
  TEXT_LIMITS,
  textTooLongMessage,
  threadParts,
} from "@app/shared";
import { accountName } from "@/features/accounts/utils/accounts-cache";
import { cn } from "@/lib/utils";
import { MediaGrid } from "./preview-media";
import { LinkCardView, type NetworkPreviewProps, PreviewAvatar, PreviewCard, RichText } from "./preview-parts";

const MARK = "text-sky-700 dark:text-sky-400";

/**
 * X: the post, or the thread's numbered parts one under the other joined by a line, each with its weighted count
 * (twitterLength) out of 280; the media on the first part (where the publisher sends them), the card of its
 * first link on each part without media; the first comment as a reply.
 */
export function TwitterPreview({ account, text, media, options, firstComment }: NetworkPreviewProps) {
  const name = accountName(account);
  const handle = account.username ? `@${account.username}` : null;
  const thread = options.twitter?.thread === true;
  const parts = threadParts(text, thread);
  const items = [
    ...parts.map((part, i) => ({ key: `part-${i}`, part, reply: false })),
    ...(firstComment ? [{ key: "reply", part: threadParts(firstComment, false)[0], reply: true }] : []),
  ];
  return (
    <PreviewCard label="Post on X" className="rounded-2xl">
      {parts.length > 1 && (
        <p className="border-b px-4 py-2 text-xs text-muted-foreground">{PREVIEW_MESSAGES.threadOf(parts.length)}</p>
      )}
      <ol aria-label={parts.length > 1 ? "Thread" : "Post"} className="grid">
        {items.map(({ key, part, reply }, i) => {
          const last = i === items.length - 1;
          return (
            <li
              key={key}
              aria-label={
                reply
                  ? PREVIEW_MESSAGES.firstComment
                  : parts.length > 1
                    ? `Part ${i + 1} of ${parts.length}`
                    : undefined
              }
              className="grid grid-cols-[2.5rem_minmax(0,1fr)] gap-x-3 px-4 pt-3"
            >
              <div className="flex flex-col items-center">
                <PreviewAvatar name={name} url={account.avatarUrl} />
                {!last && <span aria-hidden className="mt-1 w-0.5 flex-1 bg-border" />}
              </div>
              <div className={cn("grid min-w-0 gap-2", last ? "pb-3" : "pb-4")}>
                <p className="flex min-w-0 items-baseline gap-1 text-sm">
                  <span className="truncate font-bold">{name}</span>
                  {handle && <span className="truncate text-muted-foreground">{handle}</span>}
                  <span className="shrink-0 text-muted-foreground">· now</span>
                </p>
                {reply && <p className="-mt-1.5 text-xs text-muted-foreground">{PREVIEW_MESSAGES.firstComment}</p>}
                {part && <RichText text={part.text} mark={MARK} links="short" />}
                {i === 0 && <MediaGrid network="twitter" media={media} className="rounded-2xl border" />}
                {part && !reply && (
                  <PartCard text={part.text} options={options} hasMedia={i === 0 && media.length > 0} />
                )}
                {part && (
                  <p
                    className={cn(
                      "justify-self-end text-xs tabular-nums",
                      part.over ? "font-semibold text-destructive" : "text-muted-foreground",
                    )}
                  >
                    <span className="sr-only">Characters: </span>
                    {part.length}/{TEXT_LIMITS.twitter}
                  </p>
                )}
                {part?.over && !reply && (
                  <p className="text-xs text-destructive">{textTooLongMessage("twitter", TEXT_LIMITS.twitter)}</p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </PreviewCard>
  );
}

/** The card X shows for a part's first link, when the part carries no media. */
function PartCard({ text, options, hasMedia }: { text: string; options: PostOptions; hasMedia: boolean }) {
  const card = linkCard("twitter", text, options, hasMedia);
  return card && <LinkCardView card={card} className="rounded-2xl" />;
}
