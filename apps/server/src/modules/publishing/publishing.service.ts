import {
  campaignUtm,
  composePostText,
  contentFor,
  MEDIA_MESSAGES,
  PLATFORM_LABELS,
  type Platform,
  tagLinks,
  tagOptionLinks,
} from "@app/shared";
import { AppError } from "../../http/errors";
import { refuse } from "../../platforms/http";
import type { PublishMedia, PublishRequest } from "../../platforms/platform";
import { grantedScopes } from "../../platforms/platform";
import type { AttemptHooks, LookupOutcome, Publisher } from "../../worker/publishing-worker";
import type { ClaimedTarget } from "../../worker/queue.repo";
import type { AccountsService } from "../accounts/accounts.service";
import type { MediaService } from "../media/media.service";
import type { PostsRepo } from "../posts/posts.repo";

/** A lookup only reads: it has nothing to extend or record. */
const NO_HOOKS: AttemptHooks = { keepAlive: async () => {}, recordProgress: async () => {} };

export interface PublishingDeps {
  posts: Pick<PostsRepo, "publishable">;
  media: Pick<MediaService, "find" | "read" | "publicLink">;
  accounts: Pick<AccountsService, "withAccount">;
}

/**
 * The worker's publisher: builds what a network needs from the post, its media and its account, and hands
 * it to that network's adapter with a fresh token (renewed once if the network refuses it).
 */
export function createPublisher(deps: PublishingDeps): Publisher {
  async function requestFor(
    t: ClaimedTarget,
    account: { platformAccountId: string; username: string | null; displayName: string | null; scopes: string | null },
    token: string,
    hooks: AttemptHooks,
  ): Promise<PublishRequest> {
    // The claim brought the post along (it cannot change once going out); read it only when it did not.
    const post = t.post ?? (await deps.posts.publishable(t.workspaceId, t.postId));
    if (!post) throw refuse("This post no longer exists.", 404);
    // In a campaign that tags its links, the network's links carry its UTM parameters. Worked out again at each
    // attempt from what cannot change any more, so a retry sends, and a lookup looks for, the same text.
    const utm = post.utmCampaign ? campaignUtm(t.platform as Platform, post.utmCampaign) : null;
    // What this network receives: its own text, hashtags and media when the post has a variant for it.
    const own = contentFor(post, t.platform as Platform);
    const text = composePostText(own.content, own.hashtags);
    const media: PublishMedia[] = [];
    for (const item of own.media) {
      let row: Awaited<ReturnType<PublishingDeps["media"]["find"]>>;
      try {
        row = await deps.media.find(t.workspaceId, item.id);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) throw refuse(MEDIA_MESSAGES.missingInPost, 404);
        throw err;
      }
      media.push({
        id: row.id,
        kind: row.fileType === "video" ? "video" : "image",
        mimeType: row.mimeType,
        size: row.fileSize,
        width: row.width,
        height: row.height,
        durationSeconds: row.durationSeconds,
        aspectRatio: item.aspectRatio,
        sha256: row.sha256,
        publicUrl: deps.media.publicLink(row),
        open: (range) => deps.media.read(row, range),
      });
    }
    return {
      accessToken: token,
      account: { networkId: account.platformAccountId, username: account.username, displayName: account.displayName },
      pageId: t.pageId ?? (t.platform === "facebook" ? post.facebookPageId : null),
      text: utm ? tagLinks(text, utm) : text,
      options: utm ? tagOptionLinks(post.options, utm) : post.options,
      media,
      // A lookup looks for what the previous (interrupted or failed) attempt may have made.
      since: t.previousAttemptStartedAt ?? t.attemptStartedAt,
      scopes: grantedScopes(account.scopes),
      progress: t.progress,
      ...hooks,
    };
  }

  const label = (platform: string) => PLATFORM_LABELS[platform as Platform] ?? platform;

  return {
    publish(t, hooks) {
      return deps.accounts.withAccount(t.workspaceId, t.accountId, async ({ adapter, token, account }) => {
        if (!adapter.publish) throw refuse(`Publishing to ${label(t.platform)} is not available yet.`, 501);
        return adapter.publish(await requestFor(t, account, token, hooks));
      });
    },
    async lookup(t): Promise<LookupOutcome> {
      return deps.accounts.withAccount(t.workspaceId, t.accountId, async ({ adapter, token, account }) => {
        if (!adapter.lookup) return "unsupported" as const;
        return adapter.lookup(await requestFor(t, account, token, NO_HOOKS));
      });
    },
  };
}
