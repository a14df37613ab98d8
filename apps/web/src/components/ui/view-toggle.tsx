import type { LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Two or more ways to show the same things (board or list, timeline or list): pressed buttons in one frame. */
export function ViewToggle<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  /** what is being chosen, for screen readers ("Show posts as") */
  label: string;
  value: V;
  options: readonly (readonly [value: NoInfer<V>, icon: LucideIcon, label: string])[];
  onChange(value: NoInfer<V>): void;
}) {
  return (
    <fieldset className="inline-flex rounded-md border p-0.5" aria-label={label}>
      {options.map(([option, Icon, text]) => (
        <Button
          key={option}
          size="sm"
          variant={value === option ? "secondary" : "ghost"}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          <Icon aria-hidden />
          {text}
        </Button>
      ))}
    </fieldset>
  );
}
