import { PRESENCE_ACTIVE_MS } from "@app/shared";

/** While the user keeps using the tab, tell the server at most this often that they still are. */
export const PRESENCE_REFRESH_MS = 60_000;

/**
 * When a tab's user is active or idle, decided from their input: `active(true)` on start and again (at most
 * once a minute) while input keeps coming, `active(false)` after PRESENCE_ACTIVE_MS without input or as soon
 * as the tab is hidden. Input handlers only note the time; one timer checks it, so a mouse move costs nothing.
 */
export function createPresenceTracker(send: (active: boolean) => void, now: () => number = Date.now) {
  let active = false;
  let lastInputAt = 0;
  let lastSentAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const goActive = () => {
    active = true;
    lastSentAt = now();
    send(true);
  };
  const goIdle = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!active) return;
    active = false;
    send(false);
  };
  /** Wakes up when the last input will be PRESENCE_ACTIVE_MS old; later input moves that moment on. */
  const checkIdle = () => {
    const idleFor = now() - lastInputAt;
    if (idleFor >= PRESENCE_ACTIVE_MS) goIdle();
    else timer = setTimeout(checkIdle, PRESENCE_ACTIVE_MS - idleFor);
  };

  return {
    /** The user moved, typed, scrolled or clicked (or the tab came into view). */
    input() {
      lastInputAt = now();
      if (!active) goActive();
      else if (lastInputAt - lastSentAt >= PRESENCE_REFRESH_MS) goActive();
      if (timer === undefined) timer = setTimeout(checkIdle, PRESENCE_ACTIVE_MS);
    },
    /** The tab was hidden: idle now, not in two minutes. */
    hidden: goIdle,
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
