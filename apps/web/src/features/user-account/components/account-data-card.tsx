import { DELETE_ACCOUNT_CONFIRMATION } from "@app/shared";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SubmitButton } from "@/components/ui/submit-button";
import { ACCOUNT_EXPORT_URL, useDeleteAccount } from "../api/account";

/** Settings → Account: export my data (a zip download), delete my account (password and DELETE). */
export function AccountDataCard() {
  const exportHelpId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>Your data, and your account itself.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section className="grid gap-2" aria-labelledby={`${exportHelpId}-title`}>
          <h3 id={`${exportHelpId}-title`} className="text-sm font-medium">
            Export my data
          </h3>
          <p id={exportHelpId} className="text-sm text-muted-foreground">
            A zip of your profile and this workspace's posts, media list, connected accounts (without their access keys)
            and results, as JSON and CSV.
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            <a href={ACCOUNT_EXPORT_URL} download aria-describedby={exportHelpId}>
              <Download aria-hidden />
              Export my data
            </a>
          </Button>
        </section>
        <DeleteAccountSection />
      </CardContent>
    </Card>
  );
}

/**
 * Deleting cannot be undone: the dialog asks for the password and the word DELETE, and shows the server's
 * refusal (the only owner of a shared workspace, a subscription that renews, a wrong password). Afterwards the
 * user is signed out, on the sign-in page, told their account was deleted.
 */
function DeleteAccountSection() {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [typed, setTyped] = useState("");
  const helpId = useId();
  const passwordId = useId();
  const confirmId = useId();
  const confirmed = typed === DELETE_ACCOUNT_CONFIRMATION;

  const changeOpen = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setPassword("");
      setTyped("");
      remove.reset();
    }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!confirmed || !password) return;
    remove.mutate(
      { password, confirm: DELETE_ACCOUNT_CONFIRMATION },
      { onSuccess: () => void navigate("/auth", { replace: true }) },
    );
  };

  return (
    <section className="grid gap-2 border-t pt-6" aria-labelledby={`${helpId}-title`}>
      <h3 id={`${helpId}-title`} className="text-sm font-medium">
        Delete my account
      </h3>
      <p id={helpId} className="text-sm text-muted-foreground">
        Deletes your account and your personal workspace with its posts, media and accounts, for good. What you made in
        workspaces shared with others stays theirs. Not possible while you are the only owner of a workspace shared with
        others.
      </p>
      <AlertDialog open={open} onOpenChange={changeOpen}>
        <AlertDialogTrigger asChild>
          <Button
            variant="outline"
            aria-describedby={helpId}
            className="justify-self-start border-destructive text-destructive hover:bg-destructive/10 hover:text-destructive"
          >
            Delete my account
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Delete my account">
            <AlertDialogHeader>
              <AlertDialogTitle>Delete your account?</AlertDialogTitle>
              <AlertDialogDescription>
                Your account, your personal workspace and everything in it are deleted for good, and you are signed out
                everywhere. This cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={passwordId}>Password</Label>
              <Input
                id={passwordId}
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
                disabled={remove.isPending}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={confirmId}>
                Type <span className="font-semibold">{DELETE_ACCOUNT_CONFIRMATION}</span> to confirm
              </Label>
              <Input
                id={confirmId}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                disabled={remove.isPending}
              />
            </div>
            {remove.isError && (
              <p role="alert" className="text-sm text-destructive">
                {remove.error.message}
              </p>
            )}
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
              <SubmitButton
                variant="destructive"
                pending={remove.isPending}
                disabled={!confirmed || !password || remove.isPending}
              >
                Delete my account
              </SubmitButton>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
