import { SANDBOX_CLIENT_SECRET, sandboxClientId } from "@app/sandbox";
import { LINKEDIN_ORGANIZATION_SCOPES, PLATFORMS, type Platform } from "@app/shared";
import type { Config } from "../config/env";
import { createFacebook } from "./facebook/facebook";
import { createInstagram } from "./instagram/instagram";
import { createLinkedIn } from "./linkedin/linkedin";
import { createPinterest } from "./pinterest/pinterest";
import type { NetworkContext, PlatformAdapter } from "./platform";
import { createTikTok } from "./tiktok/tiktok";
import { createTwitter } from "./twitter/twitter";
import { createYouTube } from "./youtube/youtube";

const FACTORIES: Record<Platform, (ctx: NetworkContext) => PlatformAdapter> = {
  facebook: createFacebook,
  instagram: createInstagram,
  twitter: createTwitter,
  linkedin: createLinkedIn,
  pinterest: createPinterest,
  tiktok: createTikTok,
  youtube: createYouTube,
};

/** `https://HOST/PATH` of a network becomes `BASE/sandbox/<platform>/HOST/PATH`. */
export function sandboxUrl(base: string, platform: Platform, realUrl: string): string {
  return `${base}/sandbox/${platform}/${realUrl.replace(/^https:\/\//, "")}`;
}

/**
 * One adapter per network: the real network when its credentials are configured, the sandbox when
 * not (and the sandbox is on); a network with neither is absent.
 */
export function createPlatformRegistry(
  config: Config,
  now: () => Date = () => new Date(),
): Partial<Record<Platform, PlatformAdapter>> {
  // No prototype: a network's name comes from the request's path, and `__proto__` or `constructor` must find nothing.
  const registry: Partial<Record<Platform, PlatformAdapter>> = Object.create(null);
  for (const platform of PLATFORMS) {
    const creds = config.networks[platform];
    let ctx: NetworkContext;
    if (creds) {
      ctx = {
        ...creds,
        sandbox: false,
        settings: config.networkSettings,
        now,
        serverUrl: (u) => u,
        browserUrl: (u) => u,
      };
    } else if (config.sandbox) {
      ctx = {
        clientId: sandboxClientId(platform),
        clientSecret: SANDBOX_CLIENT_SECRET,
        sandbox: true,
        settings: config.networkSettings,
        now,
        serverUrl: (u) => sandboxUrl(config.internalUrl, platform, u),
        browserUrl: (u) => sandboxUrl(config.publicUrl, platform, u),
      };
    } else {
      continue;
    }
    // LinkedIn's company pages need scopes only approved apps get: asked for when enabled, and of the sandbox
    // unless turned off.
    if (platform === "linkedin" && (config.linkedinOrganizations ?? ctx.sandbox))
      ctx.extraScopes = LINKEDIN_ORGANIZATION_SCOPES;
    registry[platform] = FACTORIES[platform](ctx);
  }
  return registry;
}
export type PlatformRegistry = ReturnType<typeof createPlatformRegistry>;
