import { SchedulerScreen } from "@/features/posts/components/scheduler-screen";

export default function SchedulerRoute() {
  return <SchedulerScreen />;
}
