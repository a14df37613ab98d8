import { z } from "zod";
import { INPUT_MESSAGES } from "../constants/messages";

/**
 * Characters a user's text may not hold: C0 and C1 control characters (NUL included, which PostgreSQL cannot
 * store in text or JSON) and UTF-16 halves without their pair (no Unicode character at all).
 */
const CONTROL = "\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F";
const LONE_SURROGATE = "[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";
/** Multi-line text keeps line breaks (\n, \r\n) and tabs. */
const MULTI_LINE_FORBIDDEN = new RegExp(`[${CONTROL}]|\\r(?!\\n)|${LONE_SURROGATE}`);
/** Single-line text keeps no control character at all. */
const SINGLE_LINE_FORBIDDEN = new RegExp(`[${CONTROL}\\t\\n\\r]|${LONE_SURROGATE}`);

/** Whether `value` holds a character the text kind does not allow (see singleLineText and multiLineText). */
export function hasForbiddenCharacters(value: string, kind: "single-line" | "multi-line" = "single-line"): boolean {
  return (kind === "multi-line" ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

type TextOptions = {
  /** the message when the value is not a string at all (missing, null, a number...) */
  required?: string;
};

function text(kind: "single-line" | "multi-line", label: string, options: TextOptions) {
  const base = options.required ? z.string({ error: options.required }) : z.string();
  return base.refine((v) => !hasForbiddenCharacters(v, kind), {
    error: INPUT_MESSAGES.cannotStore(label),
    // the other checks of the field (length, format) would only describe the same bad value again
    abort: true,
  });
}

/**
 * A user's text on one line (a name, a search, a title, an id): no control character at all, no tab or line
 * break either. `label` names the field in the refusal ("Name contains characters that cannot be stored.").
 * Chain the field's own rules after it: `singleLineText("Name").trim().min(1).max(100)`.
 */
export function singleLineText(label: string, options: TextOptions = {}) {
  return text("single-line", label, options);
}

/** A user's text over several lines (a post's content): line breaks and tabs stay, other control characters not. */
export function multiLineText(label: string, options: TextOptions = {}) {
  return text("multi-line", label, options);
}
