/**
 * Hashtags or mentions typed in one go: words separated by spaces or commas, each without its leading # (or @);
 * empty words dropped.
 */
export function parseTags(input: string, mark: "#" | "@"): string[] {
  const strip = mark === "#" ? /^#+/ : /^@+/;
  return input
    .split(/[\s,]+/)
    .map((t) => t.replace(strip, "").trim())
    .filter(Boolean);
}
