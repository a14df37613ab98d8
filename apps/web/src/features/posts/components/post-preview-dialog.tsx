import {
  campaignUtm,
  composePostText,
  PLATFORM_LABELS,
  type SocialAccount,
  TEXT_LIMITS,
  tagLinks,
  textLength,
} from "@app/shared";
import { TriangleAlert } from "lucide-react";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { accountName } from "@/features/accounts/utils/accounts-cache";

/** How the post will look on each chosen account, with a warning where a network would cut the text. */
export function PostPreviewDialog({
  open,
  onOpenChange,
  ...post
}: PreviewProps & {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85svh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Post Preview</DialogTitle>
          <DialogDescription>How your post will look on each network you chose.</DialogDescription>
        </DialogHeader>
        <PostPreview {...post} />
      </DialogContent>
    </Dialog>
  );
}

interface PreviewProps {
  accounts: SocialAccount[];
  content: string;
  hashtags: string[];
  twitterThread: boolean;
  /** the slug of the post's campaign when it tags links: each network's card shows its links tagged */
  utmCampaign?: string | null;
}

/** One card per chosen account: the post's text as it goes out, and what its network does to it. */
export function PostPreview({ accounts, content, hashtags, twitterThread, utmCampaign }: PreviewProps) {
  const composed = composePostText(content, hashtags);
  if (accounts.length === 0) {
    return <p className="text-sm text-muted-foreground">Select at least one platform to preview your post.</p>;
  }
  return (
    <ul className="grid gap-3">
      {accounts.map((account) => {
        // As the network receives it: in a campaign that tags links, with that network's UTM parameters.
        const text = utmCampaign ? tagLinks(composed, campaignUtm(account.platform, utmCampaign)) : composed;
        const label = PLATFORM_LABELS[account.platform];
        const limit = TEXT_LIMITS[account.platform];
        const length = textLength(account.platform, text);
        const thread = account.platform === "twitter" && twitterThread;
        const over = !thread && length > limit;
        return (
          <li key={account.id} className="min-w-0 rounded-lg border p-4">
            <div className="mb-3 flex min-w-0 items-center gap-2">
              <PlatformIcon platform={account.platform} size="sm" />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold">{accountName(account)}</p>
                <p className="text-xs text-muted-foreground">{label}</p>
              </div>
            </div>
            <p className="whitespace-pre-wrap break-words text-sm">
              {text || <span className="text-muted-foreground">Nothing written yet.</span>}
            </p>
            {thread && length > limit && (
              <p className="mt-2 text-xs text-muted-foreground">
                Posted as a thread of {Math.ceil(length / limit)} posts of up to {limit} characters.
              </p>
            )}
            {over && (
              <Alert variant="warning" className="mt-3">
                <TriangleAlert aria-hidden />
                <AlertTitle>The text will be truncated</AlertTitle>
                <AlertDescription>
                  {label} allows {limit} characters; this post has {length}.
                </AlertDescription>
              </Alert>
            )}
          </li>
        );
      })}
    </ul>
  );
}
