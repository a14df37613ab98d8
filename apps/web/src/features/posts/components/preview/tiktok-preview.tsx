import { PREVIEW_MESSAGES } from "@app/shared";
import { Heart, MessageCircle, Music2, Share2 } from "lucide-react";
import { accountName } from "@/features/accounts/utils/accounts-cache";
import { PreviewMedia } from "./preview-media";
import { type NetworkPreviewProps, PreviewAvatar, PreviewCard, RichText } from "./preview-parts";

/** TikTok: the video in a vertical 9:16 frame, the name and the caption over its foot, the actions at its side. */
export function TikTokPreview({ account, text, media }: NetworkPreviewProps) {
  const name = account.username || accountName(account);
  const video = media.find((m) => m.file?.fileType === "video") ?? media[0];
  return (
    <PreviewCard label="Video on TikTok" className="mx-auto w-full max-w-72 rounded-2xl border-0 bg-black text-white">
      <div className="relative aspect-[9/16]">
        {video ? (
          <PreviewMedia item={video} index={0} count={1} className="absolute inset-0 size-full" />
        ) : (
          <p className="absolute inset-0 m-auto h-fit px-6 text-center text-xs text-white/80">
            {PREVIEW_MESSAGES.noVideo}
          </p>
        )}
        <div aria-hidden className="absolute right-2 bottom-24 grid justify-items-center gap-4 text-white drop-shadow">
          <PreviewAvatar name={name} url={account.avatarUrl} className="size-10 border-2 border-white" />
          <Heart className="size-7 fill-current" />
          <MessageCircle className="size-7 fill-current" />
          <Share2 className="size-7" />
        </div>
        <div className="absolute inset-x-0 bottom-0 grid gap-1 bg-linear-to-t from-black/80 to-transparent py-3 pr-14 pl-3 pt-10">
          <p className="truncate text-sm font-semibold">@{name}</p>
          {text.trim() && (
            <RichText
              text={text}
              mark="font-semibold"
              links="plain"
              className="line-clamp-3 text-[0.8125rem] text-white"
            />
          )}
          <p className="flex items-center gap-1.5 truncate text-xs">
            <Music2 className="size-3.5" aria-hidden /> original sound · {name}
          </p>
        </div>
      </div>
    </PreviewCard>
  );
}
