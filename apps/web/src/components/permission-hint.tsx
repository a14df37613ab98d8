import type { ReactNode } from "react";
import type { Permission } from "@/lib/permissions";
import { cn } from "@/lib/utils";

/**
 * Wraps a control the member's role may not use (the control itself is disabled by its screen) so that its
 * reason shows as a tooltip: a disabled button takes no pointer events and shows none of its own. When
 * allowed, the control is rendered as it is.
 */
export function PermissionHint({
  permission,
  className,
  children,
}: {
  permission: Permission;
  className?: string;
  children: ReactNode;
}) {
  if (permission.allowed) return children;
  return (
    <span title={permission.reason ?? undefined} className={cn("inline-flex cursor-not-allowed *:flex-1", className)}>
      {children}
    </span>
  );
}
