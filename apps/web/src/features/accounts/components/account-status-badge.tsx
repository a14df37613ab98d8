import { type AccountStatus, EXPIRY_MESSAGES } from "@app/shared";
import { CircleAlert, CircleCheck, CircleMinus, Clock, FlaskConical } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const STATUS = {
  active: {
    label: "Active",
    icon: CircleCheck,
    className: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  },
  expiring: {
    label: EXPIRY_MESSAGES.badge,
    icon: Clock,
    // Amber like Expired, outlined to tell them apart at a glance (amber-800 on amber-50: 7:1; dark 9:1).
    className:
      "border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-300",
  },
  expired: {
    label: "Expired",
    icon: CircleAlert,
    className: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  },
  inactive: { label: "Inactive", icon: CircleMinus, className: "bg-muted text-muted-foreground" },
} satisfies Record<AccountStatus, { label: string; icon: typeof CircleCheck; className: string }>;

/**
 * The spec's three badge states, and "Expires soon" for an account whose access ends for good within days,
 * spelled out in words (the colour only repeats them). `until` says when, for the expiring state.
 */
export function AccountStatusBadge({
  status,
  until,
  className,
}: {
  status: AccountStatus;
  until?: string | null;
  className?: string;
}) {
  const { label, icon: Icon, className: tone } = STATUS[status];
  const title = status === "expiring" && until ? EXPIRY_MESSAGES.badgeTitle(until) : undefined;
  return (
    <Badge variant="outline" className={cn("border-transparent", tone, className)} title={title}>
      <Icon className="size-3" aria-hidden />
      {label}
    </Badge>
  );
}

/** Marks an account connected to the built-in sandbox network rather than the real one. */
export function SandboxBadge({ className }: { className?: string }) {
  return (
    <Badge
      variant="outline"
      className={className}
      title="Connected to the built-in sandbox of this network, not the real one"
    >
      <FlaskConical className="size-3" aria-hidden />
      Sandbox
    </Badge>
  );
}
