import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
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
  return (
    <Button type="button" onClick={open} disabled={disabled || pending} {...props}>
      {pending ? <Spinner className="size-4 text-current" label="Opening" /> : Icon && <Icon aria-hidden />}
      {children}
    </Button>
  );
}

/** Opens the checkout of Premium in a new tab. */
export const CheckoutButton = (props: BillingButtonProps) => <BillingTabButton kind="checkout" {...props} />;

/** Opens the billing portal of the user's subscription in a new tab. */
export const PortalButton = (props: BillingButtonProps) => <BillingTabButton kind="portal" {...props} />;
