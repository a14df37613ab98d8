import { linkDomain, PREVIEW_MESSAGES, pinTitle } from "@app/shared";
import { accountName } from "@/features/accounts/utils/accounts-cache";
import { PreviewMedia, ratioStyle } from "./preview-media";
import { type NetworkPreviewProps, PreviewAvatar, PreviewCard, RichText } from "./preview-parts";
import { usePinterestBoardName } from "./use-preview-names";

/** Pinterest: the pin's first image in its crop, its title (chosen, else the start of the text), the board. */
export function PinterestPreview({
  account,
  text,
  media,
  options,
  boardName,
}: NetworkPreviewProps & { boardName?: string | null }) {
  const name = accountName(account);
  const board = usePinterestBoardName(account, options, boardName) ?? PREVIEW_MESSAGES.pinBoardDefault;
  const image = media.find((m) => m.file?.fileType !== "video");
  const link = options.pinterest?.link;
  return (
    <PreviewCard label="Pin on Pinterest" className="mx-auto w-full max-w-80 rounded-3xl border-0 shadow-none">
      {image ? (
        <PreviewMedia
          item={image}
          index={0}
          count={1}
          className="w-full rounded-3xl"
          style={ratioStyle(image.aspectRatio)}
        />
      ) : (
        <div className="flex aspect-[2/3] items-center justify-center rounded-3xl bg-muted px-6 text-center text-xs text-muted-foreground">
          {PREVIEW_MESSAGES.noPinImage}
        </div>
      )}
      <div className="grid gap-2 px-1 pt-3 pb-1">
        {link && <p className="truncate text-xs text-muted-foreground">{linkDomain(link)}</p>}
        <h4 className="text-lg leading-snug font-semibold break-words" data-testid="pin-title">
          {pinTitle(options, text)}
        </h4>
        {text.trim() && <RichText text={text} mark="font-medium" links="plain" className="line-clamp-3" />}
        <div className="flex min-w-0 items-center gap-2">
          <PreviewAvatar name={name} url={account.avatarUrl} className="size-8" />
          <div className="min-w-0 text-xs leading-tight">
            <p className="truncate font-semibold">{name}</p>
            <p className="truncate text-muted-foreground">
              Saved to{" "}
              <span className="font-medium text-foreground" data-testid="pin-board">
                {board}
              </span>
            </p>
          </div>
        </div>
      </div>
    </PreviewCard>
  );
}
