import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";

/** A choice of one among a few values, as a labelled group of radio buttons. */
export function Choices<T extends string | number>({
  id,
  legend,
  options,
  value,
  onChange,
  label,
}: {
  id: string;
  legend: string;
  options: readonly T[];
  value: T;
  onChange(value: T): void;
  label(value: T): string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <RadioGroup
        className="flex flex-wrap gap-x-4 gap-y-2"
        value={String(value)}
        onValueChange={(v) => {
          const next = options.find((o) => String(o) === v);
          if (next !== undefined) onChange(next);
        }}
      >
        {options.map((o) => (
          <div key={String(o)} className="flex items-center gap-2">
            <RadioGroupItem id={`${id}-${o}`} value={String(o)} />
            <Label htmlFor={`${id}-${o}`} className="cursor-pointer font-normal">
              {label(o)}
            </Label>
          </div>
        ))}
      </RadioGroup>
    </fieldset>
  );
}
