import { ACCOUNT_MESSAGES } from "@app/shared";

/** LinkedIn writes the quotes of its error descriptions as HTML entities (`Scope &quot;x&quot; …`). */
const ENTITIES: Record<string, string> = { "&quot;": '"', "&#39;": "'", "&apos;": "'", "&lt;": "<", "&gt;": ">" };
const decoded = (text: string) =>
  text.replace(/&(?:quot|#39|apos|lt|gt);/g, (e) => ENTITIES[e] ?? e).replace(/&amp;/g, "&");

/** What the callback screen says when the network sent the browser back with an `error` instead of a code. */
export function networkRefusal(error: string, description: string | null): { message: string; detail?: string } {
  const said = description ? decoded(description) : undefined;
  if (error === "unauthorized_scope_error")
    return { message: ACCOUNT_MESSAGES.scopeNotAuthorized, ...(said && { detail: said }) };
  return { message: ACCOUNT_MESSAGES.oauthError(error), ...(said && { detail: said }) };
}
