import { LOCAL_BILLING_PAGES } from "@app/shared";
import { Component, type ReactNode, Suspense } from "react";
import { type Location, matchPath, Route, Routes, useLocation } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { calendarPath, monthGridRange } from "@/features/posts/utils/calendar-range";
import { requestEarly } from "@/lib/early-requests";
import { lazyComponent as screen } from "@/lib/lazy-component";
import { browserTimeZone } from "@/lib/time-zone";
import LandingRoute from "./routes/landing";

/** The query client and toasts: loaded with the first screen that talks to the API, never with the landing page. */
const apiLayer = screen(() => import("./provider"));
const authScreen = screen(() => import("./routes/auth"));
/** An invitation e-mail's link: public (the link is the key), with the API but without the app shell. */
const invitationScreen = screen(() => import("./routes/invitation"));
/** A notification e-mail's unsubscribe link: public (its signed token is the key), with the API, no app shell. */
const unsubscribeScreen = screen(() => import("./routes/unsubscribe"));
const appRoot = screen(() => import("./routes/app/root"));
const notFound = screen(() => import("./routes/not-found"));
const oauthCallback = screen(() => import("./routes/app/oauth-callback"));

/** Everything under AppRoot needs a signed-in user (the spec's route table, section 2). */
const APP_SCREENS: { path: string; screen: ReturnType<typeof screen> }[] = [
  { path: "/auth/callback", screen: oauthCallback },
  { path: "/auth/:platform/callback", screen: oauthCallback },
  { path: "/dashboard", screen: screen(() => import("./routes/app/dashboard")) },
  { path: "/analytics", screen: screen(() => import("./routes/app/analytics")) },
  { path: "/scheduler", screen: screen(() => import("./routes/app/scheduler")) },
  { path: "/queue", screen: screen(() => import("./routes/app/queue")) },
  { path: "/engagement", screen: screen(() => import("./routes/app/engagement")) },
  { path: "/team", screen: screen(() => import("./routes/app/team")) },
  { path: "/create-post", screen: screen(() => import("./routes/app/create-post")) },
  { path: "/media", screen: screen(() => import("./routes/app/media")) },
  { path: "/connected-accounts", screen: screen(() => import("./routes/app/connected-accounts")) },
  { path: "/campaigns", screen: screen(() => import("./routes/app/campaigns")) },
  { path: "/campaigns/:id", screen: screen(() => import("./routes/app/campaign")) },
  { path: "/notifications", screen: screen(() => import("./routes/app/notifications")) },
  { path: "/settings", screen: screen(() => import("./routes/app/settings")) },
  { path: "/free-plan", screen: screen(() => import("./routes/app/free-plan")) },
  { path: "/premium", screen: screen(() => import("./routes/app/premium")) },
  // Local test-mode billing (no Stripe keys): the checkout and portal pages the server sends to.
  { path: LOCAL_BILLING_PAGES.checkout, screen: screen(() => import("./routes/app/billing-local-checkout")) },
  { path: LOCAL_BILLING_PAGES.portal, screen: screen(() => import("./routes/app/billing-local-portal")) },
];

/** The Post Scheduler opened on its Calendar tab. */
const opensOnCalendar = ({ pathname, search }: Pick<Location, "pathname" | "search">) =>
  matchPath("/scheduler", pathname) !== null && new URLSearchParams(search).get("tab") === "calendar";

/** The chunks a URL needs, outermost first: what `preloadRoute` starts at once. */
export function chunksFor(pathname: string): string[] {
  if (pathname === "/") return [];
  if (matchPath("/auth", pathname)) return ["api", "auth"];
  if (matchPath("/invitations/:id", pathname)) return ["api", "invitation"];
  if (matchPath("/unsubscribe", pathname)) return ["api", "unsubscribe"];
  const app = APP_SCREENS.find((s) => matchPath(s.path, pathname));
  if (app) return ["api", "app", app.path];
  return ["not-found"];
}

/**
 * Starts, all at once, the chunks a URL needs and what its screen will ask the API for (the user; the
 * scheduler's month when it opens on the calendar), instead of one layer after another as each renders.
 * Called on every location, like a loader: the queries it starts are skipped while still fresh. The promise
 * settles when the URL's code is in (main.tsx waits for it before the first render, so the screen renders
 * whole, without a spinner for each layer); it never rejects: a chunk that failed here fails again, visibly,
 * when its screen renders.
 */
export function preloadRoute({ pathname, search }: Pick<Location, "pathname" | "search">): Promise<unknown> {
  const chunks = chunksFor(pathname);
  const code: Promise<unknown>[] = chunks.map((chunk) => {
    if (chunk === "api") return apiLayer.preload();
    if (chunk === "auth") return authScreen.preload();
    if (chunk === "invitation") return invitationScreen.preload();
    if (chunk === "unsubscribe") return unsubscribeScreen.preload();
    if (chunk === "app") return appRoot.preload();
    if (chunk === "not-found") return notFound.preload();
    return APP_SCREENS.find((s) => s.path === chunk)?.screen.preload() ?? Promise.resolve();
  });
  // The calendar's code (FullCalendar) alongside the scheduler's, rather than once the scheduler's has run.
  if (opensOnCalendar({ pathname, search })) code.push(import("@/features/posts/components/content-calendar"));
  if (chunks.includes("app")) {
    code.push(
      Promise.all([
        apiLayer.preload(),
        import("@/features/auth/api/get-me"),
        import("@/features/profile/api/profile"),
      ]).then(async ([{ queryClient }, { meQueryOptions }, { profileQueryOptions }]) => {
        void queryClient.prefetchQuery(meQueryOptions());
        // The profile's time zone: every screen shows its times in it.
        void queryClient.prefetchQuery(profileQueryOptions());
        if (!matchPath("/scheduler", pathname)) return;
        const { prefetch } = await import("./routes/app/scheduler");
        await prefetch(queryClient, new URL(pathname + search, window.location.origin));
      }),
    );
  }
  return Promise.allSettled(code);
}

/**
 * On opening the app at a URL: the API reads its screen starts with, started before any of its code has
 * arrived (the user and their profile, whose time zone times are shown in; the scheduler's month when it
 * opens on the calendar: the month in the browser's zone, which is the one shown unless the profile chose
 * another). Later navigations find the code in the browser's cache and read as usual.
 */
export function requestEarlyFor({ pathname, search }: Pick<Location, "pathname" | "search">) {
  if (!chunksFor(pathname).includes("app")) return;
  requestEarly("/api/me");
  requestEarly("/api/profile");
  if (opensOnCalendar({ pathname, search })) {
    requestEarly(calendarPath({ ...monthGridRange(browserTimeZone()), text: "snippet" }));
  }
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
  const InvitationScreen = invitationScreen.Component;
  const UnsubscribeScreen = unsubscribeScreen.Component;
  const AppRoot = appRoot.Component;
  const NotFound = notFound.Component;
  return (
    <ScreenErrorBoundary location={location.pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path="/" element={<LandingRoute />} />
          <Route element={<ApiLayer />}>
            <Route path="/auth" element={<AuthScreen />} />
            <Route path="/invitations/:id" element={<InvitationScreen />} />
            <Route path="/unsubscribe" element={<UnsubscribeScreen />} />
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
