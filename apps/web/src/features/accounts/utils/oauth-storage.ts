import { PLATFORMS, type Platform } from "@app/shared";

/** The spec's local-storage key: which network the browser left to authorise. */
const OAUTH_PLATFORM_KEY = "oauth_platform";

export const isPlatform = (value: string | null | undefined): value is Platform =>
  (PLATFORMS as readonly string[]).includes(value ?? "");

export function rememberOAuthPlatform(platform: Platform) {
  try {
    localStorage.setItem(OAUTH_PLATFORM_KEY, platform);
  } catch {
    // Storage may be off; the callback URL names the platform too.
  }
}

export function recallOAuthPlatform(): Platform | null {
  try {
    const value = localStorage.getItem(OAUTH_PLATFORM_KEY);
    return isPlatform(value) ? value : null;
  } catch {
    return null;
  }
}

export function forgetOAuthPlatform() {
  try {
    localStorage.removeItem(OAUTH_PLATFORM_KEY);
  } catch {
    // nothing stored
  }
}
