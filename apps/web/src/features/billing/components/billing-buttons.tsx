import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { PermissionHint } from "@/components/permission-hint";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCan } from "@/lib/permissions";
import { useBillingTab } from "../hooks/use-billing-tab";

type BillingButtonProps = Omit<ButtonProps, "onClick" | "asChild" | "children"> & {
  icon?: LucideIcon;
  children: ReactNode;
};

function BillingTabButton({
  kind,
  icon: Icon,
  children,
  disabled,
  ...props
}: BillingButtonProps & { kind: "checkout" | "portal" }) {
  const { open, pending } = useBillingTab(kind);
  // Upgrade, manage and cancel are the owner's (billing.manage): the plan is the workspace's.
  const manage = useCan("billing", "manage");
  return (
    <PermissionHint permission={manage}>
      <Button type="button" onClick={open} disabled={disabled || pending || !manage.allowed} {...props}>
        {pending ? <Spinner className="size-4 text-current" label="Opening" /> : Icon && <Icon aria-hidden />}
        {children}
      </Button>
    </PermissionHint>
  );
}

/** Opens the checkout of Premium in a new tab. */
export const CheckoutButton = (props: BillingButtonProps) => <BillingTabButton kind="checkout" {...props} />;

/** Opens the billing portal of the user's subscription in a new tab. */
export const PortalButton = (props: BillingButtonProps) => <BillingTabButton kind="portal" {...props} />;
