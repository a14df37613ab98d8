import { Building2, Check, ChevronsUpDown, Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Spinner } from "@/components/ui/spinner";
import { useMe } from "@/features/auth/api/get-me";
import { useSwitchWorkspace, useWorkspaces } from "../api/workspaces";
import { useWorkspaceOpened } from "../hooks/use-workspace-opened";
import { NewWorkspaceDialog } from "./new-workspace-dialog";

/**
 * The sidebar header: the open workspace's name, and a menu of the user's workspaces to open another. The
 * list is read when the menu first opens. Collapsed, the sidebar shows the icon only. "New workspace…" opens
 * a dialog kept outside the menu, so it stays open once the menu closes.
 */
export function WorkspaceSwitcher() {
  const me = useMe();
  const [menuOpened, setMenuOpened] = useState(false);
  const [creating, setCreating] = useState(false);
  const list = useWorkspaces({ enabled: menuOpened });
  const switchTo = useSwitchWorkspace();
  const opened = useWorkspaceOpened();
  const current = me.data?.workspace;
  const activeId = list.data?.activeId ?? current?.id;

  const choose = (id: string, name: string) => {
    if (id === activeId) return;
    switchTo.mutate(id, {
      onSuccess: () => {
        void opened();
        toast.success(`Now working in ${name}`);
      },
      onError: (err) => toast.error("Could not open the workspace", { description: err.message }),
    });
  };

  return (
    <>
      <DropdownMenu
        onOpenChange={(open) => {
          if (!open) return;
          if (menuOpened) void list.refetch();
          else setMenuOpened(true);
        }}
      >
        <DropdownMenuTrigger
          className="flex w-full min-w-0 cursor-pointer items-center gap-2 rounded-md border border-sidebar-border px-2 py-1.5 text-left text-sm hover:bg-sidebar-accent focus-visible:outline-2 focus-visible:outline-ring group-data-[state=collapsed]/sidebar:justify-center group-data-[state=collapsed]/sidebar:border-0 group-data-[state=collapsed]/sidebar:px-0"
          aria-label={`Workspace: ${current?.name ?? ""}. Switch workspace`}
          title={current?.name}
        >
          {switchTo.isPending ? (
            <Spinner className="size-4 shrink-0" label="Opening the workspace" />
          ) : (
            <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          )}
          <span className="min-w-0 flex-1 truncate font-medium group-data-[state=collapsed]/sidebar:hidden">
            {current?.name}
          </span>
          <ChevronsUpDown
            className="size-4 shrink-0 text-muted-foreground group-data-[state=collapsed]/sidebar:hidden"
            aria-hidden
          />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel>Workspaces</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {list.isPending ? (
            <div className="flex justify-center p-2">
              <Spinner className="size-4" label="Loading workspaces" />
            </div>
          ) : list.isError ? (
            <p className="px-2 py-1.5 text-sm text-destructive">{list.error.message}</p>
          ) : (
            list.data.workspaces.map((w) => (
              <DropdownMenuItem
                key={w.id}
                onSelect={() => choose(w.id, w.name)}
                disabled={switchTo.isPending}
                aria-current={w.id === activeId ? "true" : undefined}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{w.name}</span>
                  <span className="block text-xs capitalize text-muted-foreground">{w.role}</span>
                </span>
                {w.id === activeId && <Check aria-label="Open now" />}
              </DropdownMenuItem>
            ))
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)} disabled={switchTo.isPending}>
            <Plus aria-hidden />
            New workspace…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <NewWorkspaceDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
