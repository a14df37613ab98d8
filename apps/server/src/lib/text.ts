/** The start of a text on one line (whitespace runs become one space), at most `max` characters; "" for none. */
export function oneLineStart(text: string | null | undefined, max: number): string {
  return (text ?? "").replace(/\s+/g, " ").trim().slice(0, max).trimEnd();
}
