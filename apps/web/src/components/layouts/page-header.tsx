import type { ReactNode } from "react";

export function PageHeader({
  title,
  description,
  badge,
  actions,
}: {
  title: string;
  description?: string;
  /** shown beside the title, e.g. a count */
  badge?: ReactNode;
  actions?: ReactNode;
}) {
  const heading = <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>;
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        {badge ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {heading}
            {badge}
          </div>
        ) : (
          heading
        )}
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
