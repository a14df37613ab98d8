import { useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ApprovalsQueue } from "@/features/approvals/components/approvals-queue";
import { useMe } from "@/features/auth/api/get-me";
import { useWorkspaceOpened } from "@/features/workspaces/hooks/use-workspace-opened";
import { MembersTab } from "./members-tab";
import { TasksTab } from "./tasks-tab";

const TABS = ["members", "tasks", "approvals"] as const;
type Tab = (typeof TABS)[number];
const tabFrom = (value: string | null): Tab =>
  (TABS as readonly string[]).includes(value ?? "") ? (value as Tab) : "members";

/** /team: Members, Tasks and Approvals, each a tab (the open one is in the URL, ?tab=, so a link can name it). */
export function TeamScreen() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get("tab"));
  const workspaceOpened = useWorkspaceOpened();
  // The app shell renders screens only once the user is known.
  if (!me.data) return null;
  const { user, workspace } = me.data;

  return (
    <Tabs value={tab} onValueChange={(v) => setParams(v === "members" ? {} : { tab: v }, { replace: true })}>
      <TabsList className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto">
        <TabsTrigger value="members">Members</TabsTrigger>
        <TabsTrigger value="tasks">Tasks</TabsTrigger>
        <TabsTrigger value="approvals">Approvals</TabsTrigger>
      </TabsList>
      <TabsContent value="members">
        <MembersTab myUserId={user.id} onLeft={() => void workspaceOpened()} />
      </TabsContent>
      <TabsContent value="tasks">
        <TasksTab myUserId={user.id} myRole={workspace.role} />
      </TabsContent>
      <TabsContent value="approvals">
        <ApprovalsQueue />
      </TabsContent>
    </Tabs>
  );
}
