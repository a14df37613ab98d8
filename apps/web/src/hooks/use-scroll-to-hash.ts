import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * The browser jumps to a URL fragment only while the document loads, before
 * React has rendered the sections, so a shared link like `/#pricing` (or a
 * router navigation to one from another page) would otherwise land at the top.
 */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    let cancelled = false;
    // Inter arrives after first paint and reflows everything above the target; scroll once it has.
    void document.fonts.ready.then(() => {
      if (!cancelled) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    });
    return () => {
      cancelled = true;
    };
  }, [hash]);
}
