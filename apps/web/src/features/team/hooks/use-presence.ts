import { useEffect } from "react";
import { sendPresence } from "../api/presence";
import { createPresenceTracker } from "../utils/presence-tracker";

const INPUT_EVENTS = ["pointermove", "pointerdown", "keydown", "wheel", "scroll", "touchstart"] as const;

/**
 * Keeps the signed-in member's presence (online / away) up to date from this tab's use. Mounted once, in
 * the app shell. A failed report is dropped: the next one corrects it.
 */
export function usePresence() {
  useEffect(() => {
    const tracker = createPresenceTracker((active) => void sendPresence(active).catch(() => {}));
    const onInput = () => tracker.input();
    const onVisibility = () => (document.hidden ? tracker.hidden() : tracker.input());
    if (!document.hidden) tracker.input();
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { passive: true, capture: true });
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      tracker.stop();
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);
}
