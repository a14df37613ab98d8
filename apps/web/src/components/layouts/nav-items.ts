import {
  BarChart3,
  Bell,
  CalendarClock,
  Crown,
  FolderKanban,
  Heart,
  ImageIcon,
  LayoutDashboard,
  Link2,
  ListOrdered,
  type LucideIcon,
  PenSquare,
  Settings,
  Users,
} from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** The sidebar's groups and links, as the spec lists them, plus the workspace screens. */
export const NAV_GROUPS: NavGroup[] = [
  {
    label: "Main Menu",
    items: [
      { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
      { to: "/analytics", label: "Analytics", icon: BarChart3 },
      { to: "/scheduler", label: "Scheduler", icon: CalendarClock },
      { to: "/queue", label: "Queue", icon: ListOrdered },
      { to: "/engagement", label: "Engagement", icon: Heart },
    ],
  },
  {
    label: "Create & Manage",
    items: [
      { to: "/create-post", label: "New Post", icon: PenSquare },
      { to: "/media", label: "Media Library", icon: ImageIcon },
      { to: "/connected-accounts", label: "Connected Accounts", icon: Link2 },
    ],
  },
  {
    label: "Workspace",
    items: [
      { to: "/campaigns", label: "Campaigns", icon: FolderKanban },
      { to: "/team", label: "Team", icon: Users },
      { to: "/notifications", label: "Notifications", icon: Bell },
    ],
  },
  {
    label: "Subscription",
    items: [
      { to: "/free-plan", label: "Free Plan", icon: Crown },
      { to: "/settings", label: "Settings", icon: Settings },
    ],
  },
];

/**
 * The groups for the user's plan: on Premium the plan link leads to the Premium page, named so (the spec's
 * /free-plan would only send a subscriber on to it).
 */
export function navGroupsFor(plan: "free" | "premium"): NavGroup[] {
  if (plan === "free") return NAV_GROUPS;
  return NAV_GROUPS.map((group) => ({
    ...group,
    items: group.items.map((item) => (item.to === "/free-plan" ? { ...item, to: "/premium", label: "Premium" } : item)),
  }));
}
