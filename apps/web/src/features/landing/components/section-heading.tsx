import { cn } from "@/lib/utils";

interface SectionHeadingProps {
  /** id of the h2, so the section can point aria-labelledby at it */
  id: string;
  eyebrow: string;
  title: string;
  description?: string;
  className?: string;
}

export function SectionHeading({ id, eyebrow, title, description, className }: SectionHeadingProps) {
  return (
    <div className={cn("mx-auto max-w-2xl text-center", className)}>
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {description ? (
        <p className="mt-4 text-base text-pretty text-muted-foreground sm:text-lg">{description}</p>
      ) : null}
    </div>
  );
}
