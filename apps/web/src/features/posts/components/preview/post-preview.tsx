import {
  campaignUtm,
  contentFor,
  FIRST_COMMENT_NETWORKS,
  type MediaFile,
  PLATFORM_LABELS,
  type Platform,
  type PostOptions,
  type PostVariants,
  PREVIEW_MESSAGES,
  previewText,
  type SocialAccount,
  TEXT_LIMITS,
  tagLinks,
  tagOptionLinks,
  textLength,
  textTooLongMessage,
} from "@app/shared";
import { TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { NativeSelect } from "@/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { accountName } from "@/features/accounts/utils/accounts-cache";
import { FacebookPreview } from "./facebook-preview";
import { InstagramPreview } from "./instagram-preview";
import { LinkedInPreview } from "./linkedin-preview";
import { PinterestPreview } from "./pinterest-preview";
import type { NetworkPreviewProps } from "./preview-parts";
import { TikTokPreview } from "./tiktok-preview";
import { TwitterPreview } from "./twitter-preview";
import { YouTubePreview } from "./youtube-preview";

/**
 * What the live preview needs (issue 23): the post as the composer holds it, the chosen accounts, and the
 * library files its media refer to. Everything is computed in the browser, with no request per keystroke.
 */
export interface PreviewPost {
  content: string;
  hashtags: readonly string[];
  mentions: readonly string[];
  media: readonly { id: string; aspectRatio: string }[];
  options: PostOptions;
  variants: PostVariants;
  firstComment: string;
  facebookPageId: string | null;
  /** the slug of the post's campaign when it tags links: the preview shows them tagged, as they go out */
  utmCampaign?: string | null;
}

export interface PostPreviewProps {
  post: PreviewPost;
  /** the chosen accounts, in the order chosen: one tab per network */
  accounts: readonly SocialAccount[];
  /** the library's files by id (the post's media refer to them) */
  mediaById: ReadonlyMap<string, MediaFile>;
  /** the Facebook page's name, when one is chosen */
  facebookPageName?: string | null;
  /** the Pinterest board's name, when one is chosen */
  pinterestBoardName?: string | null;
}

/** The chosen networks in the order their first account was chosen, each with its accounts. */
function byNetwork(accounts: readonly SocialAccount[]) {
  const groups = new Map<Platform, SocialAccount[]>();
  for (const a of accounts) groups.set(a.platform, [...(groups.get(a.platform) ?? []), a]);
  return [...groups];
}

/**
 * One tab per chosen network, each showing the post as that network will: the chosen account's name and
 * picture, the text it receives (its own variant or the common one) cut where it folds, its media as it lays
 * them out, its link card, thread or pin. With two accounts of one network, a switch picks the one shown.
 */
export function PostPreview({ post, accounts, mediaById, facebookPageName, pinterestBoardName }: PostPreviewProps) {
  const id = useId();
  const networks = byNetwork(accounts);
  const [tab, setTab] = useState<Platform | null>(null);
  const [shownAccount, setShownAccount] = useState<Partial<Record<Platform, string>>>({});
  const first = networks[0];
  if (!first) return <p className="text-sm text-muted-foreground">{PREVIEW_MESSAGES.noNetwork}</p>;
  const active = networks.some(([p]) => p === tab) ? (tab as Platform) : first[0];

  return (
    <Tabs value={active} onValueChange={(v) => setTab(v as Platform)} className="@container min-w-0">
      <TabsList aria-label="Networks" className="flex w-full justify-start overflow-x-auto">
        {networks.map(([platform]) => (
          <TabsTrigger
            key={platform}
            value={platform}
            title={PLATFORM_LABELS[platform]}
            className="min-w-10 gap-1.5 px-2"
          >
            <PlatformIcon platform={platform} size="sm" />
            <span className={networks.length > 2 ? "sr-only @lg:not-sr-only" : undefined}>
              {PLATFORM_LABELS[platform]}
            </span>
          </TabsTrigger>
        ))}
      </TabsList>
      {networks.map(([platform, group]) => {
        const account = group.find((a) => a.id === shownAccount[platform]) ?? group[0];
        if (!account) return null;
        const text = previewText(post, platform);
        const media = contentFor(post, platform).media.map((m) => ({ ...m, file: mediaById.get(m.id) }));
        const utm = post.utmCampaign ? campaignUtm(platform, post.utmCampaign) : null;
        const comment = post.firstComment.trim();
        const firstComment =
          (FIRST_COMMENT_NETWORKS as readonly Platform[]).includes(platform) && comment
            ? utm
              ? tagLinks(comment, utm)
              : comment
            : null;
        const options = utm ? tagOptionLinks(post.options, utm) : post.options;
        const props: NetworkPreviewProps = { account, text, media, options, firstComment };
        const thread = platform === "twitter" && post.options.twitter?.thread === true;
        const length = textLength(platform, text);
        return (
          <TabsContent key={platform} value={platform} className="grid min-w-0 gap-3">
            {group.length > 1 && (
              <div className="flex items-center gap-2">
                <label htmlFor={`${id}-${platform}-account`} className="shrink-0 text-xs text-muted-foreground">
                  {PREVIEW_MESSAGES.previewAs}
                </label>
                <NativeSelect
                  id={`${id}-${platform}-account`}
                  className="h-8 text-xs"
                  value={account.id}
                  onChange={(e) => setShownAccount((s) => ({ ...s, [platform]: e.target.value }))}
                >
                  {group.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.username ? `${accountName(a)} (@${a.username})` : accountName(a)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            )}
            {platform !== "twitter" && !thread && length > TEXT_LIMITS[platform] && (
              <Alert variant="warning">
                <TriangleAlert aria-hidden />
                <AlertTitle>{PREVIEW_MESSAGES.tooLongTitle}</AlertTitle>
                <AlertDescription>{textTooLongMessage(platform, TEXT_LIMITS[platform])}</AlertDescription>
              </Alert>
            )}
            <NetworkPreview
              platform={platform}
              props={props}
              facebookPageId={post.facebookPageId}
              facebookPageName={facebookPageName}
              pinterestBoardName={pinterestBoardName}
            />
          </TabsContent>
        );
      })}
    </Tabs>
  );
}

function NetworkPreview({
  platform,
  props,
  facebookPageId,
  facebookPageName,
  pinterestBoardName,
}: {
  platform: Platform;
  props: NetworkPreviewProps;
  facebookPageId: string | null;
  facebookPageName?: string | null;
  pinterestBoardName?: string | null;
}) {
  switch (platform) {
    case "twitter":
      return <TwitterPreview {...props} />;
    case "facebook":
      return <FacebookPreview {...props} pageId={facebookPageId} pageName={facebookPageName} />;
    case "instagram":
      return <InstagramPreview {...props} />;
    case "linkedin":
      return <LinkedInPreview {...props} />;
    case "pinterest":
      return <PinterestPreview {...props} boardName={pinterestBoardName} />;
    case "youtube":
      return <YouTubePreview {...props} />;
    case "tiktok":
      return <TikTokPreview {...props} />;
  }
}
