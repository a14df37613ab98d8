import { APP_NAME, NOTIFICATION_PREFERENCE_MESSAGES as M, type NotificationKind } from "@app/shared";
import { BellOff, CircleAlert, CircleCheck, Orbit } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useUnsubscribe } from "../api/preferences";

const topicLabel = (topic: string) =>
  topic === "digest" ? "the daily digest" : (M.kindLabels[topic as NotificationKind] ?? topic);

/**
 * /unsubscribe?token=…, the link of every notification e-mail: public (the signed token names the user and
 * the kind), asks before it stops anything (mail scanners open links; they do not press buttons).
 */
export function UnsubscribeScreen() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const unsubscribe = useUnsubscribe();

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
              <BellOff className="size-6 text-primary" aria-hidden />
            </div>
            <h1 className="text-2xl font-semibold tracking-tight">{M.unsubscribeTitle}</h1>
            <CardDescription>{M.unsubscribeConfirm}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {!token && <Problem message={M.unsubscribeInvalid} />}
            {unsubscribe.isError && <Problem message={unsubscribe.error.message || M.unsubscribeFailed} />}
            {unsubscribe.isSuccess && (
              <Alert>
                <CircleCheck aria-hidden />
                <AlertDescription>
                  <p role="status">{M.unsubscribed(topicLabel(unsubscribe.data.topic))}</p>
                </AlertDescription>
              </Alert>
            )}
          </CardContent>
          {token && !unsubscribe.isSuccess && (
            <CardFooter className="flex justify-center">
              <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
                {unsubscribe.isPending && <Spinner className="size-4 text-current" label="Working" />}
                {M.unsubscribeButton}
              </Button>
            </CardFooter>
          )}
        </Card>
      </main>
    </div>
  );
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
