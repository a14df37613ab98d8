import { createBrowserRouter, RouterProvider } from "react-router";
import AnalyticsRoute from "./routes/app/analytics";
import CampaignsRoute from "./routes/app/campaigns";
import ConnectedAccountsRoute from "./routes/app/connected-accounts";
import CreatePostRoute from "./routes/app/create-post";
import DashboardRoute from "./routes/app/dashboard";
import EngagementRoute from "./routes/app/engagement";
import FreePlanRoute from "./routes/app/free-plan";
import MediaRoute from "./routes/app/media";
import NotificationsRoute from "./routes/app/notifications";
import OAuthCallbackRoute from "./routes/app/oauth-callback";
import PremiumRoute from "./routes/app/premium";
import AppRoot from "./routes/app/root";
import SchedulerRoute from "./routes/app/scheduler";
import SettingsRoute from "./routes/app/settings";
import TeamRoute from "./routes/app/team";
import AuthRoute from "./routes/auth";
import LandingRoute from "./routes/landing";
import NotFoundRoute from "./routes/not-found";

/** The spec's route table (section 2). Everything under AppRoot needs a signed-in user. */
export const router = createBrowserRouter([
  { path: "/", element: <LandingRoute /> },
  { path: "/auth", element: <AuthRoute /> },
  {
    element: <AppRoot />,
    children: [
      { path: "/auth/callback", element: <OAuthCallbackRoute /> },
      { path: "/auth/:platform/callback", element: <OAuthCallbackRoute /> },
      { path: "/dashboard", element: <DashboardRoute /> },
      { path: "/analytics", element: <AnalyticsRoute /> },
      { path: "/scheduler", element: <SchedulerRoute /> },
      { path: "/engagement", element: <EngagementRoute /> },
      { path: "/team", element: <TeamRoute /> },
      { path: "/create-post", element: <CreatePostRoute /> },
      { path: "/media", element: <MediaRoute /> },
      { path: "/connected-accounts", element: <ConnectedAccountsRoute /> },
      { path: "/campaigns", element: <CampaignsRoute /> },
      { path: "/notifications", element: <NotificationsRoute /> },
      { path: "/settings", element: <SettingsRoute /> },
      { path: "/free-plan", element: <FreePlanRoute /> },
      { path: "/premium", element: <PremiumRoute /> },
    ],
  },
  { path: "*", element: <NotFoundRoute /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
