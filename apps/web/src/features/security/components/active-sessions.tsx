import { type ActiveSession, SECURITY_MESSAGES } from "@app/shared";
import { formatDistanceToNow } from "date-fns";
import { Monitor } from "lucide-react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { useRevokeOtherSessions, useRevokeSession, useSessions } from "../api/sessions";

const lastSeen = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });

/** The user's signed-in sessions: device, address, last seen; Sign out of another one, or of all others. */
export function ActiveSessions() {
  const sessions = useSessions();
  const zone = useDisplayTimeZone();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current);

  const signOut = (session: ActiveSession) =>
    revoke.mutate(session.id, {
      onSuccess: () => toast.success(SECURITY_MESSAGES.sessionRevoked),
      onError: (err) => toast.error(err.message),
    });
  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: () => toast.success(SECURITY_MESSAGES.otherSessionsRevoked),
      onError: (err) => toast.error(err.message),
    });

  return (
    <section aria-labelledby="sessions-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id="sessions-heading" className="font-medium">
          Active sessions
        </h4>
        {others.length > 0 && (
          <Button type="button" variant="outline" size="sm" onClick={signOutOthers} disabled={revokeOthers.isPending}>
            Sign out all other sessions
          </Button>
        )}
      </div>
      {sessions.isPending ? (
        <Skeleton className="h-14 w-full" />
      ) : sessions.isError ? (
        <p className="text-sm text-destructive">{sessions.error.message}</p>
      ) : (
        <ul aria-label="Active sessions" className="divide-y rounded-md border">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex items-center gap-3 p-3" aria-label={session.device}>
              <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="truncate text-sm font-medium">{session.device}</span>
                  {session.current && <Badge variant="secondary">This device</Badge>}
                </div>
                <span className="truncate text-xs text-muted-foreground">
                  {session.place} ·{" "}
                  {session.current ? (
                    "active now"
                  ) : (
                    <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt, zone)}>
                      last seen {lastSeen(session.lastSeenAt)}
                    </time>
                  )}
                </span>
              </div>
              {!session.current && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => signOut(session)}
                  disabled={revoke.isPending && revoke.variables === session.id}
                  aria-label={`Sign out ${session.device}, ${session.place}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">To sign out of this device, use Sign out in the sidebar.</p>
    </section>
  );
}
