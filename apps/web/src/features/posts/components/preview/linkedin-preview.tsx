import { linkCard, PREVIEW_FOLDS } from "@app/shared";
import { Globe, MessageCircle, Repeat2, Send, ThumbsUp } from "lucide-react";
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
import { useLinkedInName } from "./use-preview-names";

const MARK = "font-semibold text-[#0a66c2] dark:text-[#71b7fb]";

/**
 * LinkedIn: the member's or the company page's post, its text folded at "…see more", its media grid or the shared
 * article's card (with the title and description the post gives), then the first comment.
 */
export function LinkedInPreview({ account, text, media, options, firstComment }: NetworkPreviewProps) {
  const name = useLinkedInName(account, options);
  const card = linkCard("linkedin", text, options, media.length > 0);
  return (
    <PreviewCard label="Post on LinkedIn">
      <PreviewHeader
        className="px-3 pt-3"
        name={name}
        avatarUrl={account.avatarUrl}
        meta={
          <span className="inline-flex items-center gap-1">
            Now · <Globe className="size-3" aria-hidden />
            <span className="sr-only">Anyone</span>
          </span>
        }
      />
      <RichText text={text} fold={PREVIEW_FOLDS.linkedin} mark={MARK} className="px-3 py-2" />
      <MediaGrid network="linkedin" media={media} />
      {card && <LinkCardView card={card} className="border-x-0" />}
      <ActionBar
        actions={[
          [ThumbsUp, "Like"],
          [MessageCircle, "Comment"],
          [Repeat2, "Repost"],
          [Send, "Send"],
        ]}
      />
      {firstComment && (
        <FirstCommentView
          name={name}
          avatarUrl={account.avatarUrl}
          text={firstComment}
          mark={MARK}
          bubble="rounded-lg rounded-tl-none bg-muted px-3 py-2"
        />
      )}
    </PreviewCard>
  );
}
