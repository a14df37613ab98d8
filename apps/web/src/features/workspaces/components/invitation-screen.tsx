import { APP_NAME, type InvitationDetails, WORKSPACE_MESSAGES } from "@app/shared";
import { CircleAlert, MailOpen, Orbit } from "lucide-react";
import { Link, useParams } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { useMe } from "@/features/auth/api/get-me";
import { authPathBackTo } from "@/features/auth/utils/redirect";
import { formatDateTime } from "@/lib/time-zone";
import { useTimeZones } from "@/lib/use-display-time-zone";
import { useAcceptInvitation, useInvitation } from "../api/invitation";
import { useWorkspaceOpened } from "../hooks/use-workspace-opened";

/** Why a link can no longer be used, in the server's words; null while it can. */
function closedReason(invitation: InvitationDetails, now: Date): string | null {
  if (invitation.status === "accepted") return WORKSPACE_MESSAGES.invitationUsed;
  if (invitation.status === "canceled") return WORKSPACE_MESSAGES.invitationNotFound;
  if (invitation.status === "expired" || new Date(invitation.expiresAt) <= now) {
    return WORKSPACE_MESSAGES.invitationExpired;
  }
  return null;
}

function Problem({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden />
      <AlertDescription>
        <p role="alert">{message}</p>
      </AlertDescription>
    </Alert>
  );
}

function InvitationBody({ id }: { id: string }) {
  const invitation = useInvitation(id);
  const me = useMe();
  const accept = useAcceptInvitation();
  const opened = useWorkspaceOpened();
  // Signed in, the profile's zone; signed out, the browser's.
  const { zone, known: zoneKnown } = useTimeZones();

  if (invitation.isPending || me.isPending || !zoneKnown) {
    return (
      <CardContent className="flex justify-center py-8">
        <Spinner label="Loading the invitation" />
      </CardContent>
    );
  }
  if (invitation.isError) {
    return (
      <CardContent>
        <Problem message={invitation.error.message} />
      </CardContent>
    );
  }

  const details = invitation.data;
  const closed = closedReason(details, new Date());
  const here = `/invitations/${encodeURIComponent(id)}`;
  return (
    <>
      <CardContent className="grid gap-4">
        <p className="text-center">
          <strong>{details.invitedBy}</strong> invited you to join <strong>{details.workspaceName}</strong> as{" "}
          <strong className="capitalize">{details.role}</strong>.
        </p>
        <p className="text-center text-sm text-muted-foreground">
          Sent to {details.email}
          {!closed && <> · valid until {formatDateTime(details.expiresAt, zone)}</>}
        </p>
        {closed && <Problem message={closed} />}
        {accept.isError && <Problem message={accept.error.message} />}
        {!closed && me.data && me.data.user.email.toLowerCase() !== details.email.toLowerCase() && !accept.isError && (
          <p className="text-center text-sm text-muted-foreground">
            You are signed in as {me.data.user.email}. {WORKSPACE_MESSAGES.invitationForSomeoneElse(details.email)}
          </p>
        )}
      </CardContent>
      {!closed && (
        <CardFooter className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          {me.data ? (
            <Button
              className="w-full sm:w-auto"
              disabled={accept.isPending}
              onClick={() => accept.mutate(id, { onSuccess: () => void opened() })}
            >
              {accept.isPending && <Spinner className="size-4 text-current" label="Working" />}
              Accept invitation
            </Button>
          ) : (
            <>
              <Button asChild className="w-full sm:w-auto">
                <Link to={authPathBackTo(here, { email: details.email })}>Sign in</Link>
              </Button>
              <Button asChild variant="outline" className="w-full sm:w-auto">
                <Link to={authPathBackTo(here, { tab: "signup", email: details.email })}>Create account</Link>
              </Button>
            </>
          )}
        </CardFooter>
      )}
    </>
  );
}

/** /invitations/:id, the link of an invitation e-mail: who invites whom where, and the way in. */
export function InvitationScreen() {
  const { id } = useParams();
  if (!id) return <PageSpinner />;
  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-b from-primary/5 via-background to-background">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <Orbit className="size-6 text-primary" aria-hidden />
          {APP_NAME}
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0">
        <Card className="w-full max-w-md">
          <CardHeader className="items-center text-center">
            <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10">
              <MailOpen className="size-6 text-primary" aria-hidden />
            </div>
            <h1 className="text-2xl font-semibold tracking-tight">Join a workspace</h1>
            <CardDescription>An invitation to work together in {APP_NAME}.</CardDescription>
          </CardHeader>
          <InvitationBody id={id} />
        </Card>
      </main>
    </div>
  );
}
