import { linkCard, PREVIEW_FOLDS } from "@app/shared";
import { Globe, MessageCircle, Share2, ThumbsUp } from "lucide-react";
import { MediaGrid } from "./preview-media";
import {
  ActionBar,
  FirstCommentView,
  LinkCardView,
  type NetworkPreviewProps,
  PreviewCard,
  PreviewHeader,
  RichText,
} from "./preview-parts";
import { useFacebookName } from "./use-preview-names";

const MARK = "text-blue-700 dark:text-blue-400";

/** Facebook: the Page's post, its text folded at "See more", its photos' grid or the link's card, then the comment. */
export function FacebookPreview({
  account,
  text,
  media,
  options,
  firstComment,
  pageId,
  pageName,
}: NetworkPreviewProps & { pageId: string | null; pageName?: string | null }) {
  const name = useFacebookName(account, pageId, pageName);
  const card = linkCard("facebook", text, options, media.length > 0);
  return (
    <PreviewCard label="Post on Facebook">
      <PreviewHeader
        className="px-3 pt-3"
        name={name}
        avatarUrl={account.avatarUrl}
        meta={
          <span className="inline-flex items-center gap-1">
            Just now · <Globe className="size-3" aria-hidden />
            <span className="sr-only">Public</span>
          </span>
        }
      />
      <RichText text={text} fold={PREVIEW_FOLDS.facebook} mark={MARK} className="px-3 py-2" />
      <MediaGrid network="facebook" media={media} />
      {card && <LinkCardView card={card} upperDomain className="border-x-0" />}
      <ActionBar
        actions={[
          [ThumbsUp, "Like"],
          [MessageCircle, "Comment"],
          [Share2, "Share"],
        ]}
      />
      {firstComment && <FirstCommentView name={name} avatarUrl={account.avatarUrl} text={firstComment} mark={MARK} />}
    </PreviewCard>
  );
}
