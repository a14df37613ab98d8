import type { PlanFeature } from "@app/shared";
import { Check, X } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * A plan's features, each marked as included or not (said to screen readers too): on the landing page's
 * pricing and on the plan screens.
 */
export function PlanFeatureList({
  features,
  label,
  className,
}: {
  features: PlanFeature[];
  label: string;
  className?: string;
}) {
  return (
    <ul className={cn("grid gap-2.5 text-sm", className)} aria-label={label}>
      {features.map((feature) => (
        <li
          key={feature.label}
          className={cn("flex items-start gap-2.5", !feature.included && "text-muted-foreground")}
        >
          {feature.included ? (
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
          ) : (
            <X aria-hidden className="mt-0.5 size-4 shrink-0" />
          )}
          <span>
            <span className="sr-only">{feature.included ? "Included: " : "Not included: "}</span>
            {feature.label}
          </span>
        </li>
      ))}
    </ul>
  );
}
