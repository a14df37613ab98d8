import { type ComponentType, lazy, useState } from "react";

/**
 * A component whose code is a chunk of its own, asked for once, when first needed. `preload` starts the
 * download (a route can start every chunk it needs at once, not one after another as each layer renders);
 * `Component` renders it. Unlike React.lazy alone, a chunk that has already arrived renders at once: React
 * would otherwise suspend for it anyway, show the fallback, and hold back the reveal of what follows by up to
 * 300 ms. A download that failed is asked for again the next time the component mounts (React.lazy alone
 * would keep the failure).
 */
export function lazyComponent<P extends object, M extends object>(
  load: () => Promise<M & { default: ComponentType<P> }>,
) {
  let pending: Promise<M & { default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        pending = undefined;
        Lazy = lazy(preload);
        throw err;
      },
    );
    return pending;
  };
  let Lazy = lazy(preload);
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module's own component would remount it.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { preload, Component };
}
