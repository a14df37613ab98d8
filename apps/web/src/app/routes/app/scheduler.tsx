import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function SchedulerRoute() {
  return (
    <>
      <PageHeader title="Post Scheduler" description="Compose posts and plan them on your content calendar." />
      <EmptyState
        icon={CalendarClock}
        title="No scheduled posts"
        description="Posts you schedule will appear on the calendar and in the list below."
        action={
          <Button asChild>
            <Link to="/create-post">Create Post</Link>
          </Button>
        }
      />
    </>
  );
}
