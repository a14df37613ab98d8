import { STEPS } from "../content";
import { SectionHeading } from "./section-heading";

export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="scroll-mt-16 border-y bg-muted/40 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="Up and running in three simple steps"
          description="No training sessions, no spreadsheets. Most teams schedule their first week of posts within minutes."
        />
        <div className="relative mt-14">
          {/* Sits outside the <ol> (lists may only hold <li>); only meaningful when steps sit side by side. */}
          <div
            aria-hidden
            className="absolute left-[16.67%] right-[16.67%] top-7 hidden h-px bg-linear-to-r from-transparent via-primary/40 to-transparent md:block"
          />
          <ol className="grid gap-10 md:grid-cols-3 md:gap-8">
            {STEPS.map(({ icon: Icon, title, description }, index) => (
              <li key={title} className="relative flex flex-col items-center text-center">
                <span className="relative flex size-14 items-center justify-center rounded-full border bg-card text-primary shadow-sm">
                  <Icon aria-hidden className="size-6" />
                  <span
                    aria-hidden
                    className="absolute -right-1 -top-1 flex size-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
                  >
                    {index + 1}
                  </span>
                </span>
                <h3 className="mt-5 text-lg font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {title}
                </h3>
                <p className="mt-2 max-w-xs text-sm leading-relaxed text-muted-foreground">{description}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
