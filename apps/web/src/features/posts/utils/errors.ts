import { POST_MESSAGES } from "@app/shared";
import { toast } from "sonner";
import { ApiError } from "@/lib/api-client";

/**
 * A failed post call as a toast: a refusal of the server (4xx) in its own words (its title, else the
 * fallback, with its message); anything else under the fallback, with the server's message as description.
 */
export function toastPostError(err: Error, fallback: string, signInMessage?: string) {
  // The session ended while the user was writing: say so in the spec's words (what was typed stays).
  if (err instanceof ApiError && err.status === 401 && signInMessage) {
    toast.error(POST_MESSAGES.authRequiredTitle, { description: signInMessage });
  } else if (err instanceof ApiError && err.code === "PLAN_LIMIT") {
    // The plan's monthly limit: the way out is the Free plan page's Upgrade to Premium.
    toast.error(err.title ?? fallback, {
      description: err.message,
      action: { label: "Upgrade", onClick: () => window.location.assign("/free-plan") },
    });
  } else if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
    toast.error(err.title ?? fallback, { description: err.message });
  } else {
    toast.error(fallback, { description: err.message });
  }
}
