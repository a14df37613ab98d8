import { toast } from "sonner";
import { ApiError } from "@/lib/api-client";

/**
 * A failed post call as a toast: a refusal of the server (4xx) in its own words (its title, else the
 * fallback, with its message); anything else under the fallback, with the server's message as description.
 */
export function toastPostError(err: Error, fallback: string) {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
    toast.error(err.title ?? fallback, { description: err.message });
  } else {
    toast.error(fallback, { description: err.message });
  }
}
