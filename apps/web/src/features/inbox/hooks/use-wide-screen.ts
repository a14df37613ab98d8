import { useSyncExternalStore } from "react";

/** From this width the opened conversation sits beside the list; below it, it opens over the list. */
const WIDE = "(min-width: 1024px)";

export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(WIDE);
      mq.addEventListener("change", onChange);
      return () => mq.removeEventListener("change", onChange);
    },
    () => window.matchMedia(WIDE).matches,
  );
}
