import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * A value to copy (a key shown once, an address): read-only, selected on focus so it can be copied by hand
 * too, with a Copy button that tells in a toast whether the clipboard took it.
 */
export function CopyField({
  id,
  label,
  value,
  copyLabel,
  copied,
  copyFailed,
}: {
  id: string;
  label: string;
  value: string;
  /** the button's accessible name */
  copyLabel: string;
  /** the toasts */
  copied: string;
  copyFailed: string;
}) {
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setDone(true);
      toast.success(copied);
    } catch {
      toast.error(copyFailed);
    }
  };
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex min-w-0 gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          className="min-w-0 flex-1 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
          spellCheck={false}
        />
        <Button type="button" variant="outline" size="icon" className="size-10" aria-label={copyLabel} onClick={copy}>
          {done ? <Check aria-hidden /> : <Copy aria-hidden />}
        </Button>
      </div>
    </div>
  );
}
