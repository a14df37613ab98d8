import { PREVIEW_FOLDS, PREVIEW_MESSAGES } from "@app/shared";
import { Bookmark, ChevronLeft, ChevronRight, Heart, MessageCircle, Send } from "lucide-react";
import { useState } from "react";
import { accountName } from "@/features/accounts/utils/accounts-cache";
import { cn } from "@/lib/utils";
import { PreviewMedia, ratioStyle } from "./preview-media";
import {
  FirstCommentView,
  type NetworkPreviewProps,
  PreviewAvatar,
  PreviewCard,
  PreviewHeader,
  type PreviewMediaItem,
  RichText,
} from "./preview-parts";

const MARK = "text-[#00376b] dark:text-[#e0f1ff]";

/**
 * Instagram: a feed post is one picture or a carousel with its dots, every slide cropped to the first one's
 * shape as Instagram does, the caption after the name folded at "… more"; a story or a reel is a vertical frame
 * (a story carries no caption).
 */
export function InstagramPreview({ account, text, media, options, firstComment }: NetworkPreviewProps) {
  const name = account.username || accountName(account);
  const format = options.instagram?.format ?? "feed";
  if (format !== "feed") {
    return (
      <VerticalPreview story={format === "story"} name={name} avatarUrl={account.avatarUrl} text={text} media={media} />
    );
  }
  return (
    <PreviewCard label="Post on Instagram">
      <PreviewHeader className="p-3" name={name} avatarUrl={account.avatarUrl} />
      <Carousel media={media} ratio={media[0]?.aspectRatio ?? "1:1"} />
      <div aria-hidden className="flex items-center gap-3 px-3 pt-2.5">
        <Heart className="size-5" />
        <MessageCircle className="size-5" />
        <Send className="size-5" />
        <Bookmark className="ml-auto size-5" />
      </div>
      <RichText
        text={text}
        fold={PREVIEW_FOLDS.instagram}
        mark={MARK}
        links="plain"
        lead={text.trim() ? <span className="mr-1 font-semibold">{name}</span> : undefined}
        className="px-3 py-2"
      />
      {firstComment && (
        <FirstCommentView name={name} avatarUrl={account.avatarUrl} text={firstComment} mark={MARK} bubble="" />
      )}
    </PreviewCard>
  );
}

/** The slides one at a time, with previous and next buttons, the place ("2/3") and the dots. */
function Carousel({ media, ratio }: { media: readonly PreviewMediaItem[]; ratio: string }) {
  const [at, setAt] = useState(0);
  const index = Math.min(at, Math.max(media.length - 1, 0));
  const item = media[index];
  if (!item) {
    return (
      <div
        className="flex items-center justify-center bg-muted text-xs text-muted-foreground"
        style={ratioStyle(ratio)}
      >
        {PREVIEW_MESSAGES.noMedia}
      </div>
    );
  }
  const step =
    "absolute top-1/2 flex size-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/85 text-black shadow focus-visible:outline-2 focus-visible:outline-ring";
  return (
    <div>
      <div className="relative">
        <PreviewMedia
          key={item.id}
          item={item}
          index={index}
          count={media.length}
          className="w-full"
          style={ratioStyle(ratio)}
        />
        {media.length > 1 && (
          <>
            <span className="absolute top-3 right-3 rounded-full bg-black/70 px-2 py-0.5 text-xs text-white tabular-nums">
              {index + 1}/{media.length}
            </span>
            {index > 0 && (
              <button
                type="button"
                aria-label="Previous slide"
                className={cn(step, "left-2")}
                onClick={() => setAt(index - 1)}
              >
                <ChevronLeft className="size-4" aria-hidden />
              </button>
            )}
            {index < media.length - 1 && (
              <button
                type="button"
                aria-label="Next slide"
                className={cn(step, "right-2")}
                onClick={() => setAt(index + 1)}
              >
                <ChevronRight className="size-4" aria-hidden />
              </button>
            )}
          </>
        )}
      </div>
      {media.length > 1 && (
        <div aria-hidden data-testid="carousel-dots" className="flex justify-center gap-1 pt-2">
          {media.map((m, i) => (
            <span
              key={m.id}
              className={cn("size-1.5 rounded-full", i === index ? "bg-sky-600" : "bg-muted-foreground/40")}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** A story or a reel: its first file (a reel's first video) in a 9:16 frame, the name on it, a reel's caption. */
function VerticalPreview({
  story,
  name,
  avatarUrl,
  text,
  media,
}: {
  story: boolean;
  name: string;
  avatarUrl: string | null;
  text: string;
  media: readonly PreviewMediaItem[];
}) {
  // A reel is a video: its first video fills the frame.
  const first = (!story && media.find((m) => m.file?.fileType === "video")) || media[0];
  return (
    <PreviewCard
      label={story ? "Story on Instagram" : "Reel on Instagram"}
      className="mx-auto w-full max-w-72 bg-black text-white"
    >
      <div className="relative aspect-[9/16]">
        {first ? (
          <PreviewMedia item={first} index={0} count={1} className="absolute inset-0 size-full" />
        ) : (
          <p className="absolute inset-0 m-auto h-fit text-center text-xs text-white/80">{PREVIEW_MESSAGES.noMedia}</p>
        )}
        {story && (
          <div aria-hidden className="absolute inset-x-2 top-2 flex gap-1">
            {(media.length ? media : [null]).map((m, i) => (
              <span
                key={m?.id ?? i}
                className={cn("h-0.5 flex-1 rounded-full", i === 0 ? "bg-white" : "bg-white/40")}
              />
            ))}
          </div>
        )}
        {story ? (
          <div className="absolute inset-x-3 top-5 flex items-center gap-2">
            <PreviewAvatar name={name} url={avatarUrl} className="size-8" />
            <span className="truncate text-sm font-semibold drop-shadow">{name}</span>
          </div>
        ) : (
          <div className="absolute inset-x-0 bottom-0 grid gap-2 bg-linear-to-t from-black/80 to-transparent px-3 pt-8 pb-3">
            <div className="flex items-center gap-2">
              <PreviewAvatar name={name} url={avatarUrl} className="size-8" />
              <span className="truncate text-sm font-semibold">{name}</span>
            </div>
            {text.trim() && (
              <RichText
                text={text}
                fold={PREVIEW_FOLDS.instagram}
                mark="font-semibold"
                links="plain"
                className="text-white [&_button]:text-white"
              />
            )}
          </div>
        )}
      </div>
      {story && <p className="bg-black px-3 py-2 text-xs text-white/80">{PREVIEW_MESSAGES.storyNote}</p>}
    </PreviewCard>
  );
}
