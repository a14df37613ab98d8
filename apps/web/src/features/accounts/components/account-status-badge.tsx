import type { AccountStatus } from "@app/shared";
import { CircleAlert, CircleCheck, CircleMinus, FlaskConical } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const STATUS = {
  active: {
    label: "Active",
    icon: CircleCheck,
    className: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  },
  expired: {
    label: "Expired",
    icon: CircleAlert,
    className: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  },
  inactive: { label: "Inactive", icon: CircleMinus, className: "bg-muted text-muted-foreground" },
} satisfies Record<AccountStatus, { label: string; icon: typeof CircleCheck; className: string }>;

/** The spec's three badge states, spelled out in words (the colour only repeats them). */
export function AccountStatusBadge({ status, className }: { status: AccountStatus; className?: string }) {
  const { label, icon: Icon, className: tone } = STATUS[status];
  return (
    <Badge variant="outline" className={cn("border-transparent", tone, className)}>
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
