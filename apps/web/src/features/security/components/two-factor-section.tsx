import { SECURITY_MESSAGES } from "@app/shared";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { PasswordDialog } from "@/components/password-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useMe } from "@/features/auth/api/get-me";
import { useDisableTwoFactor, useRegenerateBackupCodes, useTwoFactorStatus } from "../api/two-factor";
import { BackupCodes } from "./backup-codes";
import { EnableTwoFactorDialog } from "./enable-two-factor-dialog";

/** Two-factor authentication: Enable 2FA when off; new backup codes and Disable 2FA when on. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<"enable" | "disable" | "regenerate" | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const me = useMe();
  const enabled = status.data?.enabled === true;
  const openChange = (name: typeof dialog) => (open: boolean) => setDialog(open ? name : null);

  return (
    <section aria-labelledby="two-factor-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id="two-factor-heading" className="font-medium">
          Two-factor authentication
        </h4>
        {status.isPending ? (
          <Skeleton className="h-5 w-12" />
        ) : enabled ? (
          <Badge variant="secondary">On</Badge>
        ) : (
          <Badge variant="outline">Off</Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        {enabled
          ? "Signing in asks for a code from your authenticator app, or one of your backup codes, after your password."
          : "Add a second step to signing in: a code from an authenticator app on your phone."}
      </p>
      {status.isError && <p className="text-sm text-destructive">{status.error.message}</p>}
      {!status.isPending && (
        <div className="flex flex-wrap gap-2">
          {enabled ? (
            <>
              <Button type="button" variant="outline" onClick={() => setDialog("regenerate")}>
                New backup codes
              </Button>
              <Button type="button" variant="outline" onClick={() => setDialog("disable")}>
                <ShieldOff className="size-4" aria-hidden />
                Disable 2FA
              </Button>
            </>
          ) : (
            <Button type="button" onClick={() => setDialog("enable")}>
              <ShieldCheck className="size-4" aria-hidden />
              Enable 2FA
            </Button>
          )}
        </div>
      )}
      <EnableTwoFactorDialog open={dialog === "enable"} onOpenChange={openChange("enable")} />
      <PasswordDialog
        open={dialog === "disable"}
        onOpenChange={openChange("disable")}
        title="Disable two-factor authentication"
        description="Signing in will take your password alone. Your backup codes stop working."
        confirmLabel="Disable 2FA"
        destructive
        pending={disable.isPending}
        onConfirm={async (password) => {
          await disable.mutateAsync(password);
          setDialog(null);
          toast.success(SECURITY_MESSAGES.disabled);
        }}
      />
      <PasswordDialog
        open={dialog === "regenerate"}
        onOpenChange={openChange("regenerate")}
        title="New backup codes"
        description="Your old backup codes stop working. Enter your password to make new ones."
        confirmLabel="Make new codes"
        pending={regenerate.isPending}
        onConfirm={async (password) => {
          setNewCodes(await regenerate.mutateAsync(password));
          setDialog(null);
          toast.success(SECURITY_MESSAGES.backupCodesNew);
        }}
      />
      <Dialog open={newCodes !== null} onOpenChange={() => undefined}>
        <DialogContent onInteractOutside={(e) => e.preventDefault()} onEscapeKeyDown={(e) => e.preventDefault()}>
          <DialogHeader>
            <DialogTitle>Save your backup codes</DialogTitle>
            <DialogDescription>Your old backup codes no longer work.</DialogDescription>
          </DialogHeader>
          <BackupCodes codes={newCodes ?? []} email={me.data?.user.email} />
          <DialogFooter>
            <Button type="button" onClick={() => setNewCodes(null)}>
              I saved them
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
