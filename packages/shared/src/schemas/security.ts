import { z } from "zod";

/** One of the user's signed-in sessions (Settings → Security). */
export const activeSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on macOS", from the browser's user agent */
  device: z.string(),
  /** the address it was last used from (no location service is asked) */
  place: z.string(),
  lastSeenAt: z.string(),
  createdAt: z.string(),
  /** the session of this browser */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionsResponseSchema = z.object({ sessions: z.array(activeSessionSchema) });
