import { PREVIEW_MESSAGES, videoTitle } from "@app/shared";
import { accountName } from "@/features/accounts/utils/accounts-cache";
import { PreviewMedia } from "./preview-media";
import { FirstCommentView, type NetworkPreviewProps, PreviewAvatar, PreviewCard, RichText } from "./preview-parts";

const MARK = "text-blue-700 dark:text-blue-400";

/** YouTube: the video's first frame in a 16:9 thumbnail, its title (chosen, else the text's start), the description. */
export function YouTubePreview({ account, text, media, options, firstComment }: NetworkPreviewProps) {
  const name = accountName(account);
  const video = media.find((m) => m.file?.fileType === "video") ?? media[0];
  return (
    <PreviewCard label="Video on YouTube" className="rounded-xl">
      {video ? (
        <PreviewMedia item={video} index={0} count={1} className="aspect-video w-full bg-black" />
      ) : (
        <div className="flex aspect-video items-center justify-center bg-muted text-xs text-muted-foreground">
          {PREVIEW_MESSAGES.noVideo}
        </div>
      )}
      <div className="flex gap-3 p-3">
        <PreviewAvatar name={name} url={account.avatarUrl} className="size-9" />
        <div className="min-w-0">
          <h4 className="line-clamp-2 text-base leading-snug font-semibold break-words" data-testid="video-title">
            {videoTitle(options, text)}
          </h4>
          <p className="truncate text-xs text-muted-foreground">{name} · No views · Just now</p>
        </div>
      </div>
      <div className="mx-3 mb-3 rounded-lg bg-muted px-3 py-2">
        <RichText text={text} mark={MARK} />
      </div>
      {firstComment && (
        <FirstCommentView name={name} avatarUrl={account.avatarUrl} text={firstComment} mark={MARK} bubble="" />
      )}
    </PreviewCard>
  );
}
