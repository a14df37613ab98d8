import { AUTH_MESSAGES, SECURITY_MESSAGES } from "@app/shared";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SubmitButton } from "@/components/ui/submit-button";
import { ApiError } from "@/lib/api-client";
import { useVerifySecondFactor } from "../api/sign-in";

/** Refusals after which this sign-in cannot go on: the password step again. */
const RESTART = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);

/**
 * Sign-in's second step (two-factor on): the 6-digit code from the authenticator app, or one of the backup
 * codes (spent once used). `onDone` after the session is made; `onRestart` to go back to the password.
 */
export function TwoFactorStep({ onDone, onRestart }: { onDone: () => void; onRestart: () => void }) {
  const [kind, setKind] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifySecondFactor();
  const isTotp = kind === "totp";

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = isTotp ? code.replace(/\s+/g, "") : code.trim();
    if (!value) return setError(isTotp ? SECURITY_MESSAGES.codeRequired : SECURITY_MESSAGES.backupCodeRequired);
    if (isTotp && !/^\d{6}$/.test(value)) return setError(SECURITY_MESSAGES.codeFormat);
    setError(null);
    verify.mutate(
      { kind, code: value },
      {
        onSuccess: onDone,
        onError: (err) => {
          setError(err.message);
          setCode("");
          if (err instanceof ApiError && RESTART.has(err.code)) {
            toast.error(AUTH_MESSAGES.signInFailed, { description: err.message });
            onRestart();
          }
        },
      },
    );
  };

  const switchKind = () => {
    setKind(isTotp ? "backup" : "totp");
    setCode("");
    setError(null);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Two-factor authentication">
      <p className="text-sm text-muted-foreground">
        {isTotp
          ? "Enter the 6-digit code from your authenticator app."
          : "Enter one of the backup codes you saved when you turned on two-factor authentication. Each works once."}
      </p>
      <div className="grid gap-2">
        <Label htmlFor="signin-code">{isTotp ? "Authentication code" : "Backup code"}</Label>
        <Input
          id="signin-code"
          key={kind}
          inputMode={isTotp ? "numeric" : "text"}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={isTotp ? 7 : 64}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "signin-code-error" : undefined}
          autoFocus
        />
        {error && (
          <p id="signin-code-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <SubmitButton pending={verify.isPending} className="w-full">
        Verify
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" className="h-auto px-0" onClick={switchKind}>
          {isTotp ? "Use a backup code" : "Use the authenticator app"}
        </Button>
        <Button type="button" variant="link" className="h-auto px-0" onClick={onRestart}>
          Back
        </Button>
      </div>
    </form>
  );
}
