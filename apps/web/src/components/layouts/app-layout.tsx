import { APP_NAME, PLANS, type PlanId } from "@app/shared";
import { Crown, LogOut, Orbit } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Sidebar, SidebarProvider, SidebarTrigger, useSidebar } from "@/components/ui/sidebar";
import { WorkspaceSwitcher } from "@/features/workspaces/components/workspace-switcher";
import { cn, initials } from "@/lib/utils";
import { navGroupsFor } from "./nav-items";

export interface ShellUser {
  name: string;
  email: string;
  image: string | null;
}

interface AppLayoutProps {
  user: ShellUser;
  plan: PlanId;
  /** a count shown beside a sidebar link, by its path (e.g. unread notifications) */
  counts?: Partial<Record<string, number>>;
  /**
   * By a link's path: what its count counts when not "new" (e.g. "open" conversations), and where the link
   * leads while its count shows (e.g. the screen's tab that lists them)
   */
  countOptions?: Partial<Record<string, { label?: string; to?: string }>>;
  onSignOut(): void;
  signingOut: boolean;
  children: ReactNode;
}

function SidebarBody({
  user,
  plan,
  counts = {},
  countOptions = {},
  onSignOut,
  signingOut,
}: Omit<AppLayoutProps, "children">) {
  const { setOpenMobile, isMobile } = useSidebar();
  const closeOnMobile = () => isMobile && setOpenMobile(false);
  return (
    <>
      {/* On mobile the sheet's close button sits at the right of this row. */}
      <div className={cn("flex h-14 items-center gap-2 border-b border-sidebar-border px-3", isMobile && "pr-11")}>
        <Orbit className="size-6 shrink-0 text-primary" aria-hidden />
        <span className="truncate font-semibold group-data-[state=collapsed]/sidebar:hidden">{APP_NAME}</span>
        <Badge
          variant={plan === "premium" ? "default" : "secondary"}
          className="ml-auto group-data-[state=collapsed]/sidebar:hidden"
          title={`Your plan: ${PLANS[plan].name}`}
        >
          {plan === "premium" && <Crown aria-hidden className="size-3" />}
          {PLANS[plan].name}
        </Badge>
      </div>
      <div className="px-2 pt-3">
        <WorkspaceSwitcher />
      </div>
      <div className="flex-1 overflow-y-auto overflow-x-hidden py-2">
        {navGroupsFor(plan).map((group) => (
          <div key={group.label} className="px-2 py-2">
            <p className="px-2 pb-1 text-xs font-medium text-muted-foreground group-data-[state=collapsed]/sidebar:sr-only">
              {group.label}
            </p>
            <ul className="grid gap-0.5">
              {group.items.map(({ to, label, icon: Icon }) => {
                const count = counts[to] ?? 0;
                const counted = countOptions[to]?.label ?? "new";
                return (
                  <li key={to}>
                    <NavLink
                      to={(count > 0 && countOptions[to]?.to) || to}
                      onClick={closeOnMobile}
                      title={count ? `${label} (${count} ${counted})` : label}
                      className={({ isActive }) =>
                        cn(
                          "flex h-9 items-center gap-3 rounded-md px-2 text-sm transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground",
                          isActive && "bg-sidebar-accent font-medium text-sidebar-accent-foreground",
                        )
                      }
                    >
                      <span className="relative shrink-0">
                        <Icon className="size-4" aria-hidden />
                        {count > 0 && (
                          <span
                            aria-hidden
                            className="absolute -right-1 -top-1 hidden size-2 rounded-full bg-destructive group-data-[state=collapsed]/sidebar:block"
                          />
                        )}
                      </span>
                      <span className="truncate group-data-[state=collapsed]/sidebar:sr-only">{label}</span>
                      {count > 0 && (
                        <Badge
                          variant="destructive"
                          className="ml-auto px-1.5 tabular-nums group-data-[state=collapsed]/sidebar:sr-only"
                        >
                          {count > 99 ? "99+" : count}
                          <span className="sr-only"> {counted}</span>
                        </Badge>
                      )}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
      <div className="flex items-center gap-2 border-t border-sidebar-border p-2 group-data-[state=collapsed]/sidebar:flex-col">
        <Avatar>
          {user.image && <AvatarImage src={user.image} alt="" />}
          <AvatarFallback>{initials(user.name)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1 group-data-[state=collapsed]/sidebar:hidden">
          <p className="truncate text-sm font-medium">{user.name || user.email}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={onSignOut}
          disabled={signingOut}
          aria-label="Sign out"
          title="Sign out"
        >
          <LogOut aria-hidden />
        </Button>
      </div>
    </>
  );
}

/** The frame of every protected screen: sidebar, top bar and the page. */
export function AppLayout({ children, ...props }: AppLayoutProps) {
  return (
    <SidebarProvider>
      <div className="flex min-h-svh w-full">
        <Sidebar label="Main navigation">
          <SidebarBody {...props} />
        </Sidebar>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur sm:px-4">
            <SidebarTrigger />
            <span className="font-semibold md:hidden">{APP_NAME}</span>
            <div className="ml-auto">
              <ThemeToggle />
            </div>
          </header>
          <main className="flex-1 p-4 sm:p-6 lg:p-8">{children}</main>
        </div>
      </div>
    </SidebarProvider>
  );
}
