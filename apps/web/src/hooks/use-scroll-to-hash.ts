import { useEffect } from "react";
import { useLocation } from "react-router";

/** How long the page follows the target while what is above it is still arriving. */
const FOLLOW_MS = 3_000;
/** The user scrolling or acting themselves: the page stops following. */
const USER_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * The browser jumps to a URL fragment only while the document loads, before
 * React has rendered the sections, so a shared link like `/#pricing` (or a
 * router navigation to one from another page, or `/settings#webhooks`) would
 * otherwise land at the top. What is above the target may still grow after
 * it is reached (fonts, data read after the first render, as on Settings), so
 * the page keeps it in view while the document resizes, for a few seconds or
 * until the user scrolls or acts.
 */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let stopped = false;
    const scroll = () => {
      if (!stopped) document.getElementById(id)?.scrollIntoView();
    };
    const observer = new ResizeObserver(scroll);
    const stop = () => {
      stopped = true;
      observer.disconnect();
      for (const e of USER_EVENTS) window.removeEventListener(e, stop);
    };
    for (const e of USER_EVENTS) window.addEventListener(e, stop, { passive: true });
    const timer = setTimeout(stop, FOLLOW_MS);
    // Inter arrives after first paint and reflows everything above the target; scroll once it has.
    void document.fonts.ready.then(() => {
      if (stopped) return;
      scroll();
      observer.observe(document.body);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [hash]);
}
