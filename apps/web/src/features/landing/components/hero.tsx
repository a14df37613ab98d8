import { PLATFORM_LABELS, PLATFORMS } from "@app/shared";
import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { PLATFORM_COLOR } from "@/components/platform-icon";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { AUTH_PATH, HERO, SIGN_UP_PATH, TRIAL_POINTS } from "../content";

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      {/*
        Decorative glow; kept inside an overflow-hidden section so it can never cause sideways scrolling.
        On a layer of its own (will-change), the blur is applied once to the whole glow when the frame is drawn;
        otherwise every tile of the page it overlaps computes its share of a 64 px blur as it is rastered,
        which without a GPU held the first paint back by about 100 ms.
      */}
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[32rem] max-w-4xl rounded-full bg-linear-to-b from-primary/20 via-primary/5 to-transparent blur-3xl will-change-transform"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-20 bg-[radial-gradient(var(--color-border)_1px,transparent_1px)] [background-size:24px_24px] [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_70%)]"
      />

      <div className="mx-auto max-w-6xl px-4 pb-16 pt-16 text-center sm:px-6 sm:pb-20 sm:pt-24">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-sm sm:text-sm">
          <span aria-hidden className="size-2 rounded-full bg-primary" />
          {HERO.eyebrow}
        </p>

        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {HERO.title}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">
          {HERO.description}
        </p>

        <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Button asChild size="lg">
            <Link to={AUTH_PATH}>
              Get Started Free
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={SIGN_UP_PATH}>See How It Works</Link>
          </Button>
        </div>

        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
          {TRIAL_POINTS.map((point) => (
            <li key={point} className="inline-flex items-center gap-1.5">
              <Check aria-hidden className="size-4 text-primary" />
              {point}
            </li>
          ))}
        </ul>

        <div className="mt-14">
          <p className="text-sm font-medium text-muted-foreground">Publish to all the networks your audience uses</p>
          <ul className="mx-auto mt-4 flex max-w-3xl flex-wrap justify-center gap-2">
            {PLATFORMS.map((platform) => (
              <li
                key={platform}
                className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1.5 text-sm font-medium shadow-sm"
              >
                <span aria-hidden className={cn("size-2.5 rounded-full", PLATFORM_COLOR[platform])} />
                {PLATFORM_LABELS[platform]}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
