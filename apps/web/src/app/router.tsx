import { LOCAL_BILLING_PAGES } from "@app/shared";
import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { createBrowserRouter } from "react-router";
import { meQueryOptions } from "@/features/auth/api/get-me";
import AppRoot from "./routes/app/root";
import AuthRoute from "./routes/auth";
import NotFoundRoute from "./routes/not-found";

/** A screen loaded when first opened: each one is its own file, so the app starts with less to read. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/**
 * The spec's route table (section 2). Everything under AppRoot needs a signed-in user. Loaders start what a
 * screen will ask for (the user, the scheduler's month) while the screens' code is still arriving.
 */
export const createRouter = (queryClient: QueryClient) =>
  createBrowserRouter([
    { path: "/", lazy: page(() => import("./routes/landing")) },
    { path: "/auth", element: <AuthRoute /> },
    {
      element: <AppRoot />,
      loader: () => {
        void queryClient.prefetchQuery(meQueryOptions());
        return null;
      },
      children: [
        { path: "/auth/callback", lazy: page(() => import("./routes/app/oauth-callback")) },
        { path: "/auth/:platform/callback", lazy: page(() => import("./routes/app/oauth-callback")) },
        { path: "/dashboard", lazy: page(() => import("./routes/app/dashboard")) },
        { path: "/analytics", lazy: page(() => import("./routes/app/analytics")) },
        {
          path: "/scheduler",
          lazy: async () => {
            const { default: Component, prefetch } = await import("./routes/app/scheduler");
            return {
              Component,
              loader: ({ request }: { request: Request }) => prefetch(queryClient, new URL(request.url)),
            };
          },
        },
        { path: "/engagement", lazy: page(() => import("./routes/app/engagement")) },
        { path: "/team", lazy: page(() => import("./routes/app/team")) },
        { path: "/create-post", lazy: page(() => import("./routes/app/create-post")) },
        { path: "/media", lazy: page(() => import("./routes/app/media")) },
        { path: "/connected-accounts", lazy: page(() => import("./routes/app/connected-accounts")) },
        { path: "/campaigns", lazy: page(() => import("./routes/app/campaigns")) },
        { path: "/notifications", lazy: page(() => import("./routes/app/notifications")) },
        { path: "/settings", lazy: page(() => import("./routes/app/settings")) },
        { path: "/free-plan", lazy: page(() => import("./routes/app/free-plan")) },
        { path: "/premium", lazy: page(() => import("./routes/app/premium")) },
        // Local test-mode billing (no Stripe keys): the checkout and portal pages the server sends to.
        { path: LOCAL_BILLING_PAGES.checkout, lazy: page(() => import("./routes/app/billing-local-checkout")) },
        { path: LOCAL_BILLING_PAGES.portal, lazy: page(() => import("./routes/app/billing-local-portal")) },
      ],
    },
    { path: "*", element: <NotFoundRoute /> },
  ]);
