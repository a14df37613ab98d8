import { PageHeader } from "@/components/layouts/page-header";
import { TeamScreen } from "@/features/team/components/team-screen";

export default function TeamRoute() {
  return (
    <>
      <PageHeader title="Team" description="Members, roles, tasks and approvals of your workspace." />
      <TeamScreen />
    </>
  );
}
