import type { UnavailableNote } from "@app/shared";
import { Info } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { unavailableText } from "../utils/format";

/** The figures a network does not give (shown as "—", never as 0), and why. */
export function UnavailableNotes({ notes }: { notes: UnavailableNote[] }) {
  if (notes.length === 0) return null;
  return (
    <Alert role="note">
      <Info aria-hidden />
      <AlertTitle>Some figures are not available</AlertTitle>
      <AlertDescription>
        <ul className="grid gap-1">
          {notes.map((n) => (
            <li key={`${n.platform}/${n.metric}/${n.reason}`}>{unavailableText(n)}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
