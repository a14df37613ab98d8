import { LOCAL_BILLING_PAGES } from "@app/shared";
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { type Location, matchPath, Route, Routes, useLocation } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import LandingRoute from "./routes/landing";

type ScreenModule = { default: ComponentType };

/**
 * A screen loaded when first needed: its own chunk, asked for once. `preload` starts the download (the
 * routes below start every chunk a URL needs at once, not one after another as each layer renders);
 * `Component` renders it, suspending until it has arrived. A download that failed is asked for again the
 * next time the screen is rendered (React.lazy alone would keep the failure).
 */
function screen<M extends ScreenModule>(load: () => Promise<M>) {
  let pending: Promise<M> | undefined;
  const preload = (): Promise<M> => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined;
      Lazy = lazy(preload);
      throw err;
    });
    return pending;
  };
  let Lazy = lazy(preload);
  const Component = () => <Lazy />;
  return { preload, Component };
}

/** The query client and toasts: loaded with the first screen that talks to the API, never with the landing page. */
const apiLayer = screen(() => import("./provider"));
const authScreen = screen(() => import("./routes/auth"));
const appRoot = screen(() => import("./routes/app/root"));
const notFound = screen(() => import("./routes/not-found"));
const oauthCallback = screen(() => import("./routes/app/oauth-callback"));
const scheduler = screen(() => import("./routes/app/scheduler"));

/** Everything under AppRoot needs a signed-in user (the spec's route table, section 2). */
const APP_SCREENS: { path: string; screen: ReturnType<typeof screen> }[] = [
  { path: "/auth/callback", screen: oauthCallback },
  { path: "/auth/:platform/callback", screen: oauthCallback },
  { path: "/dashboard", screen: screen(() => import("./routes/app/dashboard")) },
  { path: "/analytics", screen: screen(() => import("./routes/app/analytics")) },
  { path: "/scheduler", screen: scheduler },
  { path: "/engagement", screen: screen(() => import("./routes/app/engagement")) },
  { path: "/team", screen: screen(() => import("./routes/app/team")) },
  { path: "/create-post", screen: screen(() => import("./routes/app/create-post")) },
  { path: "/media", screen: screen(() => import("./routes/app/media")) },
  { path: "/connected-accounts", screen: screen(() => import("./routes/app/connected-accounts")) },
  { path: "/campaigns", screen: screen(() => import("./routes/app/campaigns")) },
  { path: "/notifications", screen: screen(() => import("./routes/app/notifications")) },
  { path: "/settings", screen: screen(() => import("./routes/app/settings")) },
  { path: "/free-plan", screen: screen(() => import("./routes/app/free-plan")) },
  { path: "/premium", screen: screen(() => import("./routes/app/premium")) },
  // Local test-mode billing (no Stripe keys): the checkout and portal pages the server sends to.
  { path: LOCAL_BILLING_PAGES.checkout, screen: screen(() => import("./routes/app/billing-local-checkout")) },
  { path: LOCAL_BILLING_PAGES.portal, screen: screen(() => import("./routes/app/billing-local-portal")) },
];

/** The chunks a URL needs, outermost first: what `preloadRoute` starts at once. */
export function chunksFor(pathname: string): string[] {
  if (pathname === "/") return [];
  if (matchPath("/auth", pathname)) return ["api", "auth"];
  const app = APP_SCREENS.find((s) => matchPath(s.path, pathname));
  if (app) return ["api", "app", app.path];
  return ["not-found"];
}

/**
 * Starts, all at once, the chunks a URL needs and what its screen will ask the API for (the user; the
 * scheduler's month when it opens on the calendar), instead of one layer after another as each renders.
 * Called on every location, like a loader: the queries it starts are skipped while still fresh.
 */
export function preloadRoute({ pathname, search }: Pick<Location, "pathname" | "search">) {
  const chunks = chunksFor(pathname);
  for (const chunk of chunks) {
    if (chunk === "api") void apiLayer.preload();
    else if (chunk === "auth") void authScreen.preload();
    else if (chunk === "app") void appRoot.preload();
    else if (chunk === "not-found") void notFound.preload();
    else void APP_SCREENS.find((s) => s.path === chunk)?.screen.preload();
  }
  if (!chunks.includes("app")) return;
  void Promise.all([apiLayer.preload(), import("@/features/auth/api/get-me")])
    .then(async ([{ queryClient }, { meQueryOptions }]) => {
      void queryClient.prefetchQuery(meQueryOptions());
      if (!matchPath("/scheduler", pathname)) return;
      const { prefetch } = await scheduler.preload();
      prefetch(queryClient, new URL(pathname + search, window.location.origin));
    })
    // A chunk that failed here fails again, visibly, when its screen renders.
    .catch(() => undefined);
}

/**
 * A screen's chunk that could not be loaded (or a screen that threw): what went wrong instead of a blank page,
 * as the data router's default error screen showed. (The shared messages module would cost this first
 * download 4 KB compressed: every screen's text is in it.)
 */
class ScreenErrorBoundary extends Component<
  { children: ReactNode; location: string },
  { error: Error | null; location: string }
> {
  override state: { error: Error | null; location: string } = { error: null, location: this.props.location };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  /** Another URL is another chance (the chunk is asked for again). */
  static getDerivedStateFromProps(props: { location: string }, state: { location: string }) {
    return props.location === state.location ? null : { error: null, location: props.location };
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main className="flex min-h-svh items-center justify-center px-4 text-center">
        <p role="alert">{error.message}</p>
      </main>
    );
  }
}

/**
 * The route table. The landing page is the only screen in the first download; every other screen (the auth
 * screen, the signed-in app under AppRoot, the 404) arrives when first opened, behind a labelled spinner.
 * Navigations run as transitions, so the current screen stays until the next one's code has arrived.
 */
export function AppRoutes() {
  const location = useLocation();
  preloadRoute(location);
  const ApiLayer = apiLayer.Component;
  const AuthScreen = authScreen.Component;
  const AppRoot = appRoot.Component;
  const NotFound = notFound.Component;
  return (
    <ScreenErrorBoundary location={location.pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path="/" element={<LandingRoute />} />
          <Route element={<ApiLayer />}>
            <Route path="/auth" element={<AuthScreen />} />
            <Route element={<AppRoot />}>
              {APP_SCREENS.map(({ path, screen: { Component: Screen } }) => (
                <Route key={path} path={path} element={<Screen />} />
              ))}
            </Route>
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
