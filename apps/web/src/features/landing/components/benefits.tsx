import { BENEFITS } from "../content";
import { SectionHeading } from "./section-heading";

export function Benefits() {
  return (
    <section id="benefits" aria-labelledby="benefits-title" className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="benefits-title" eyebrow="Why Orbitpost" title="Less busywork, more results" />
        <ul className="mt-14 grid gap-10 md:grid-cols-3 md:gap-8">
          {BENEFITS.map(({ icon: Icon, title, description }) => (
            <li key={title} className="flex flex-col items-center text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 max-w-xs text-sm leading-relaxed text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
