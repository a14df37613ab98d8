import { SECURITY_MESSAGES } from "@app/shared";
import QRCode from "qrcode";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { PasswordDialog } from "@/components/password-dialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SubmitButton } from "@/components/ui/submit-button";
import { useMe } from "@/features/auth/api/get-me";
import { useConfirmTwoFactor, useEnableTwoFactor } from "../api/two-factor";
import { grouped, secretOf } from "../utils/totp";
import { BackupCodes } from "./backup-codes";

type Step =
  | { name: "password" }
  | { name: "scan"; totpURI: string; backupCodes: string[] }
  | { name: "codes"; backupCodes: string[] };

/**
 * Enable 2FA: the password, then the QR code (and its secret to type in) and a first code from the app, which
 * turns two-factor on; then the backup codes, shown once, with Download and "I saved them".
 */
export function EnableTwoFactorDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [step, setStep] = useState<Step>({ name: "password" });
  const enable = useEnableTwoFactor();
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setStep({ name: "password" });
  };

  if (step.name === "password") {
    return (
      <PasswordDialog
        open={open}
        onOpenChange={close}
        title="Enable two-factor authentication"
        description="Sign-in will ask for a code from an authenticator app after your password. Enter your password to begin."
        confirmLabel="Continue"
        pending={enable.isPending}
        onConfirm={async (password) => {
          const answer = await enable.mutateAsync(password);
          setStep({ name: "scan", ...answer });
        }}
      />
    );
  }
  return (
    <Dialog open={open} onOpenChange={step.name === "codes" ? () => undefined : close}>
      <DialogContent
        onInteractOutside={(e) => e.preventDefault()}
        onEscapeKeyDown={(e) => step.name === "codes" && e.preventDefault()}
      >
        {step.name === "scan" ? (
          <ScanStep
            totpURI={step.totpURI}
            onConfirmed={() => setStep({ name: "codes", backupCodes: step.backupCodes })}
          />
        ) : (
          <CodesStep codes={step.backupCodes} onDone={() => close(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ScanStep({ totpURI, onConfirmed }: { totpURI: string; onConfirmed: () => void }) {
  const id = useId();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmTwoFactor();
  const secret = secretOf(totpURI);

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(totpURI, { margin: 1, width: 192 }).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [totpURI]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, "");
    if (!digits) return setError(SECURITY_MESSAGES.codeRequired);
    if (!/^\d{6}$/.test(digits)) return setError(SECURITY_MESSAGES.codeFormat);
    setError(null);
    confirm.mutate(digits, {
      onSuccess: () => {
        toast.success(SECURITY_MESSAGES.enabled);
        onConfirmed();
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Scan the QR code</DialogTitle>
        <DialogDescription>
          Scan it with your authenticator app (Google Authenticator, 1Password, Authy…), then enter the 6-digit code it
          shows.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col items-center gap-3">
        {qr ? (
          <img
            src={qr}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="rounded-md border"
          />
        ) : (
          <div className="size-48 rounded-md border bg-muted" aria-hidden />
        )}
        <div className="grid w-full gap-1 text-center">
          <span className="text-xs text-muted-foreground">Or enter this key by hand</span>
          <code data-secret={secret} className="break-all rounded bg-muted px-2 py-1 font-mono text-sm select-all">
            {grouped(secret)}
          </code>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`}>Code from the app</Label>
        <Input
          id={`${id}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoFocus
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <DialogFooter>
        <SubmitButton pending={confirm.isPending}>Verify</SubmitButton>
      </DialogFooter>
    </form>
  );
}

function CodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const me = useMe();
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Save your backup codes</DialogTitle>
        <DialogDescription>Two-factor authentication is on.</DialogDescription>
      </DialogHeader>
      <BackupCodes codes={codes} email={me.data?.user.email} />
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          I saved them
        </Button>
      </DialogFooter>
    </div>
  );
}
