import { PLATFORM_LABELS, type SocialAccount } from "@app/shared";
import { PenSquare, Send } from "lucide-react";
import type { FormEventHandler, ReactElement, ReactNode } from "react";
import type { FieldError } from "react-hook-form";
import { Link } from "react-router";
import { PermissionHint } from "@/components/permission-hint";
import { PlatformIcon } from "@/components/platform-icon";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { accountName } from "@/features/accounts/utils/accounts-cache";
import { cn } from "@/lib/utils";
import { useComposerActions } from "../../hooks/use-composer-actions";

/** What the Connected Accounts route hands each dialog: the account, and the card's button that opens it. */
export interface QuickPostDialogProps {
  account: SocialAccount;
  trigger: ReactElement;
}

/**
 * The frame of a network's post dialog: its title and account, the fields (scrolling on small screens), and
 * Publish with the way to the full composer. The form lives outside the dialog's content, so closing it
 * keeps what was typed; a published post clears it. A member whose posts need approval cannot publish from
 * here: the composer submits it for approval.
 */
export function QuickPostShell({
  account,
  trigger,
  open,
  onOpenChange,
  title,
  submitLabel,
  busy,
  onSubmit,
  children,
}: QuickPostDialogProps & {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const name = accountName(account);
  const { publishing } = useComposerActions();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90svh] grid-rows-[auto_minmax(0,1fr)] gap-0 p-0 sm:max-w-lg">
        <DialogHeader className="flex-row items-center gap-3 border-b p-4 pr-12 sm:px-6">
          <PlatformIcon platform={account.platform} />
          <div className="grid min-w-0 gap-0.5">
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className="break-words">
              Publishes now to {PLATFORM_LABELS[account.platform]} as {name}
            </DialogDescription>
          </div>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid min-h-0 grid-rows-[minmax(0,1fr)_auto]">
          <div className="grid min-h-0 content-start gap-5 overflow-y-auto p-4 sm:px-6">{children}</div>
          <DialogFooter className="flex-col gap-3 border-t p-4 sm:flex-row sm:items-center sm:px-6">
            <Button asChild variant="link" className="h-auto self-start px-0 sm:mr-auto sm:self-center">
              <Link to={`/create-post?account=${encodeURIComponent(account.id)}`}>
                <PenSquare aria-hidden />
                Open in composer
              </Link>
            </Button>
            <div className="grid grid-cols-2 gap-2 sm:flex">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              {/* Not disabled while sending: the button keeps the focus, a second press does nothing. */}
              <PermissionHint permission={publishing}>
                <Button
                  type="submit"
                  disabled={!publishing.allowed}
                  aria-disabled={busy || undefined}
                  className={cn(busy && "opacity-70")}
                >
                  {busy ? <Spinner className="size-4 text-current" label="Publishing" /> : <Send aria-hidden />}
                  {busy ? "Publishing…" : submitLabel}
                </Button>
              </PermissionHint>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The attributes that tie a control to its label's field: its id, its state, its hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * One labelled field of a dialog. The control is rendered by `children` with the props that tie it to the
 * label, the hint and the error message; `aside` sits at the label's right (a character count).
 */
export function QuickField({
  id,
  label,
  optional,
  hint,
  error,
  aside,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  error?: FieldError;
  aside?: ReactNode;
  children(control: FieldControlProps): ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [aside ? `${id}-count` : null, hint ? hintId : null, error?.message ? errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex items-end justify-between gap-3">
        <Label htmlFor={id}>
          {label}
          {optional && <span className="ml-1 font-normal text-muted-foreground">(optional)</span>}
        </Label>
        {aside && (
          <span id={`${id}-count`} className="text-xs tabular-nums">
            {aside}
          </span>
        )}
      </div>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={errorId} className="text-sm text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** "12/100": characters used out of the field's limit, red past it. */
export function CharCount({ used, limit }: { used: number; limit: number }) {
  return (
    <span className={used > limit ? "font-semibold text-destructive" : "text-muted-foreground"}>
      <span className="sr-only">Characters used: </span>
      {used}/{limit}
    </span>
  );
}
