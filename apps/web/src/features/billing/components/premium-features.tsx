import { PLANS } from "@app/shared";
import {
  BarChart3,
  CalendarClock,
  Headset,
  Infinity as InfinityIcon,
  Link2,
  type LucideIcon,
  Sparkles,
  Users,
} from "lucide-react";

/** What each Premium feature means, in a line, with its icon. */
const DETAILS: Record<string, { icon: LucideIcon; text: string }> = {
  "Unlimited social accounts": { icon: Link2, text: "Connect every profile and page you run, on all seven networks." },
  "Unlimited posts": { icon: InfinityIcon, text: "Schedule and publish as much as you like, every month." },
  "Advanced analytics and reporting": {
    icon: BarChart3,
    text: "See what works across networks and share the results.",
  },
  "Advanced scheduling": { icon: CalendarClock, text: "Plan weeks ahead on the calendar and move posts by dragging." },
  "Team collaboration": { icon: Users, text: "Work on posts together with your team." },
  "Priority support": { icon: Headset, text: "Your questions are answered first." },
};

/** The six feature cards of the Premium page. */
export function PremiumFeatures() {
  return (
    <section aria-labelledby="premium-features-title" className="grid gap-4">
      <h2 id="premium-features-title" className="text-lg font-semibold">
        Included in your plan
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {PLANS.premium.features.map((feature) => {
          const detail = DETAILS[feature.label] ?? { icon: Sparkles, text: "" };
          const Icon = detail.icon;
          return (
            <li key={feature.label} className="flex gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm">
              <div className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10">
                <Icon aria-hidden className="size-5 text-primary" />
              </div>
              <div className="min-w-0">
                <h3 className="font-medium leading-snug">{feature.label}</h3>
                {detail.text && <p className="mt-1 text-sm text-muted-foreground">{detail.text}</p>}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
