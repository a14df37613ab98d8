import type { UnavailableNote } from "@app/shared";
import { Info } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { unavailableLines } from "../utils/format";

/** The figures a network does not give (shown as "—", never as 0), and why. */
export function UnavailableNotes({ notes }: { notes: UnavailableNote[] }) {
  const lines = unavailableLines(notes);
  if (lines.length === 0) return null;
  return (
    <Alert role="note">
      <Info aria-hidden />
      <AlertTitle>Some figures are not available</AlertTitle>
      <AlertDescription>
        <ul className="grid gap-1">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
