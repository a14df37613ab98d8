import { TRIAL_DAYS } from "@app/shared";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { AUTH_PATH } from "../content";

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-cta-title" className="pb-20 sm:pb-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {/*
          A solid primary panel reads well on the light page but glares on a dark one,
          so dark mode swaps it for a primary-tinted surface with regular text colours.
        */}
        <div className="relative isolate overflow-hidden rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12 sm:py-20 dark:border dark:border-primary/30 dark:bg-primary/15 dark:text-foreground dark:shadow-none">
          <div
            aria-hidden
            className="absolute -top-24 left-1/2 -z-10 size-[36rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(255_255_255/0.14),transparent)] dark:bg-[radial-gradient(closest-side,color-mix(in_oklch,var(--color-primary)_28%,transparent),transparent)]"
          />
          <h2
            id="closing-cta-title"
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Ready to take the stress out of social media?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-base text-pretty text-primary-foreground/90 sm:text-lg dark:text-muted-foreground">
            Plan a week of posts in one sitting and publish everywhere on time. Try it free for {TRIAL_DAYS} days — no
            credit card required, cancel anytime.
          </p>
          <Button
            asChild
            size="lg"
            className="mt-8 bg-background text-foreground hover:bg-background/90 dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90"
          >
            <Link to={AUTH_PATH}>
              Get Started Free
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
