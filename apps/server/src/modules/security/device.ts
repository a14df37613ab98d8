import Bowser from "bowser";

/**
 * A session's device as people know it, from its browser's user agent: "Chrome on macOS", "Safari on iOS",
 * "Firefox" when the system is not told, "Unknown device" when nothing is.
 */
export function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return "Unknown device";
  const parser = Bowser.getParser(ua);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  if (os) return `Unknown browser on ${os}`;
  return "Unknown device";
}
