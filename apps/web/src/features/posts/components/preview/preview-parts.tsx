import {
  displayUrl,
  foldText,
  type LinkCard,
  type MediaFile,
  type PostOptions,
  PREVIEW_MESSAGES,
  type PreviewFold,
  richTextTokens,
  type SocialAccount,
} from "@app/shared";
import { Link2, type LucideIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { cn, initials } from "@/lib/utils";

/** One of the post's media as a network shows it: the library's file (undefined once it left the library). */
export interface PreviewMediaItem {
  id: string;
  aspectRatio: string;
  file: MediaFile | undefined;
}

/** What each network's preview gets: the account shown, the text and media that network receives. */
export interface NetworkPreviewProps {
  account: SocialAccount;
  /** the text as the network receives it (its variant or the common text, with its hashtags) */
  text: string;
  media: readonly PreviewMediaItem[];
  options: PostOptions;
  /** the first comment, on a network that takes one; else null */
  firstComment: string | null;
}

/** The account's picture, or its initials. */
export function PreviewAvatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  return (
    <Avatar className={cn("size-10", className)}>
      {url && <AvatarImage src={url} alt="" />}
      <AvatarFallback className="bg-muted text-muted-foreground">{initials(name)}</AvatarFallback>
    </Avatar>
  );
}

/** The head of a post: picture, name and a line under it (handle, time, audience). */
export function PreviewHeader({
  name,
  avatarUrl,
  meta,
  className,
}: {
  name: string;
  avatarUrl: string | null;
  meta?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex min-w-0 items-center gap-2.5", className)}>
      <PreviewAvatar name={name} url={avatarUrl} />
      <div className="min-w-0 leading-tight">
        <p className="truncate text-sm font-semibold">{name}</p>
        {meta && <p className="truncate text-xs text-muted-foreground">{meta}</p>}
      </div>
    </div>
  );
}

/**
 * The text as the network writes it: hashtags, mentions and links in the network's colour (`mark`), cut at the
 * network's fold with its "… more" button, which unfolds the rest. Links are plain text where the network does
 * not make them links (Instagram, TikTok); X writes them short.
 */
export function RichText({
  text,
  fold,
  mark,
  links = "full",
  lead,
  className,
}: {
  text: string;
  fold?: PreviewFold;
  /** classes of the highlighted words */
  mark: string;
  links?: "full" | "short" | "plain";
  /** written before the text on its first line (Instagram's name) */
  lead?: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  if (!text.trim()) {
    return <p className={cn("text-sm text-muted-foreground italic", className)}>{PREVIEW_MESSAGES.nothingWritten}</p>;
  }
  const { visible, folded } = fold && !open ? foldText(text, fold) : { visible: text, folded: false };
  return (
    <p className={cn("whitespace-pre-wrap break-words text-sm", className)}>
      {lead}
      {richTextTokens(visible).map((token, i) => {
        const key = `${i}-${token.kind}`;
        if (token.kind === "text" || (token.kind === "link" && links === "plain"))
          return <span key={key}>{token.text}</span>;
        return (
          <span key={key} className={mark} data-kind={token.kind}>
            {token.kind === "link" && links === "short" ? displayUrl(token.text) : token.text}
          </span>
        );
      })}
      {folded && fold && (
        <>
          {"… "}
          <button
            type="button"
            className="cursor-pointer font-medium text-muted-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => setOpen(true)}
          >
            {fold.more}
          </button>
        </>
      )}
    </p>
  );
}

/** A link's card as the network draws it, from what the post gives: no page is fetched for it. */
export function LinkCardView({
  card,
  className,
  upperDomain = false,
}: {
  card: LinkCard;
  className?: string;
  /** Facebook writes the domain in capitals */
  upperDomain?: boolean;
}) {
  return (
    <figure aria-label="Link preview" className={cn("overflow-hidden border bg-muted/40", className)}>
      <div className="flex aspect-[1.91/1] items-center justify-center bg-muted text-muted-foreground">
        <Link2 className="size-8" aria-hidden />
      </div>
      <figcaption className="grid gap-0.5 px-3 py-2 text-sm">
        <span className={cn("truncate text-xs text-muted-foreground", upperDomain && "uppercase")}>{card.domain}</span>
        <span className="truncate font-semibold">{card.title ?? card.url}</span>
        {card.description && <span className="line-clamp-2 text-xs text-muted-foreground">{card.description}</span>}
      </figcaption>
    </figure>
  );
}

/** The post's first comment under it, as a comment of the account. */
export function FirstCommentView({
  name,
  avatarUrl,
  text,
  mark,
  bubble = "rounded-2xl bg-muted px-3 py-2",
}: {
  name: string;
  avatarUrl: string | null;
  text: string;
  mark: string;
  bubble?: string;
}) {
  return (
    <section aria-label={PREVIEW_MESSAGES.firstComment} className="flex gap-2 border-t px-3 pt-3 pb-1">
      <PreviewAvatar name={name} url={avatarUrl} className="size-8" />
      <div className={cn("min-w-0", bubble)}>
        <p className="text-xs font-semibold">{name}</p>
        <RichText text={text} mark={mark} className="text-[0.8125rem]" />
      </div>
    </section>
  );
}

/** The frame every network's post sits in: the network's card. */
export function PreviewCard({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <article
      aria-label={label}
      className={cn("min-w-0 overflow-hidden rounded-lg border bg-card text-card-foreground shadow-xs", className)}
    >
      {children}
    </article>
  );
}

/** The row of buttons under a feed post (Like, Comment, …): drawn only, hidden from screen readers. */
export function ActionBar({ actions }: { actions: readonly (readonly [icon: LucideIcon, label: string])[] }) {
  return (
    <div aria-hidden className="mx-3 flex justify-around border-t py-1.5 text-xs font-medium text-muted-foreground">
      {actions.map(([Icon, label]) => (
        <span key={label} className="inline-flex items-center gap-1.5">
          <Icon className="size-4" /> {label}
        </span>
      ))}
    </div>
  );
}
