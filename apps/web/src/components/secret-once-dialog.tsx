import { useId } from "react";
import { CopyField } from "@/components/copy-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/**
 * A secret the server gives once (a new API key, a webhook's signing secret), with Copy. Open while `secret`
 * is set; a click beside it does not close it (the secret would be lost), Done, Close or Escape do.
 */
export function SecretOnceDialog({
  secret,
  onClose,
  title,
  description,
  label,
  copyLabel,
  copied,
  copyFailed,
  doneLabel,
}: {
  secret: string | null;
  onClose(): void;
  title: string;
  description: string;
  label: string;
  copyLabel: string;
  copied: string;
  copyFailed: string;
  doneLabel: string;
}) {
  const id = useId();
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {secret !== null && (
          <CopyField
            id={`${id}-secret`}
            label={label}
            value={secret}
            copyLabel={copyLabel}
            copied={copied}
            copyFailed={copyFailed}
          />
        )}
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            {doneLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
