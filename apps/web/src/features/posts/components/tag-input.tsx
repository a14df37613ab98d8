import { parseTags } from "@app/shared";
import { X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** Words added one by one (Enter or Add), each once, shown as removable chips: hashtags or mentions. */
export function TagInput({
  id,
  label,
  mark,
  placeholder,
  value,
  onChange,
  action,
}: {
  id: string;
  label: string;
  mark: "#" | "@";
  placeholder: string;
  value: string[];
  onChange(tags: string[]): void;
  /** a control beside the label (the Hashtags field's Hashtag groups menu) */
  action?: ReactNode;
}) {
  const [draft, setDraft] = useState("");
  const add = () => {
    const fresh = parseTags(draft, mark).filter((t, i, all) => !value.includes(t) && all.indexOf(t) === i);
    if (fresh.length > 0) onChange([...value, ...fresh]);
    setDraft("");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      add();
    }
  };
  return (
    <div className="grid gap-2">
      <div className="flex min-h-5 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {action}
      </div>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
        />
        <Button type="button" variant="outline" className="h-10" onClick={add} disabled={!draft.trim()}>
          Add
        </Button>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Added ${label.toLowerCase()}`}>
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-secondary py-0.5 pl-2.5 pr-1 text-xs font-medium text-secondary-foreground"
            >
              <span className="truncate">
                {mark}
                {tag}
              </span>
              <button
                type="button"
                className="cursor-pointer rounded-full p-0.5 hover:bg-foreground/10"
                aria-label={`Remove ${mark}${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
