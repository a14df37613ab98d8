import { PLANS, type Plan, TRIAL_DAYS } from "@app/shared";
import { Link } from "react-router";
import { PlanFeatureList } from "@/components/plan-feature-list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { AUTH_PATH } from "../content";
import { SectionHeading } from "./section-heading";

interface PlanCardProps {
  plan: Plan;
  highlighted?: boolean;
  cta: string;
  note: string;
}

function PlanCard({ plan, highlighted = false, cta, note }: PlanCardProps) {
  return (
    <Card
      className={cn(
        "relative flex h-full flex-col",
        highlighted && "border-primary bg-linear-to-b from-primary/5 to-card shadow-lg ring-1 ring-primary",
      )}
    >
      {highlighted ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 shadow-sm">Most popular</Badge>
      ) : null}
      <CardHeader>
        <h3 className="text-xl font-semibold">{plan.name}</h3>
        <CardDescription>{plan.description}</CardDescription>
        <p className="mt-4 flex items-baseline gap-1.5">
          <span className="text-4xl font-bold tracking-tight">{plan.priceLabel}</span>
          <span className="text-muted-foreground">/ month</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <PlanFeatureList features={plan.features} label={`${plan.name} plan features`} className="gap-3" />
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-3">
        <Button asChild size="lg" variant={highlighted ? "default" : "outline"}>
          <Link to={AUTH_PATH}>{cta}</Link>
        </Button>
        <p className="text-center text-xs text-muted-foreground">{note}</p>
      </CardFooter>
    </Card>
  );
}

export function Pricing() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple pricing that grows with you"
          description={`Start free and upgrade when you are ready. Premium comes with a ${TRIAL_DAYS}-day free trial.`}
        />
        <div className="mx-auto mt-14 grid max-w-4xl items-stretch gap-8 md:grid-cols-2">
          <PlanCard plan={PLANS.free} cta="Get Started Free" note="Free forever. No credit card required." />
          <PlanCard
            plan={PLANS.premium}
            highlighted
            cta="Start Free Trial"
            note={`${TRIAL_DAYS}-day free trial. No credit card required, cancel anytime.`}
          />
        </div>
      </div>
    </section>
  );
}
