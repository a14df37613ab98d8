import { APP_NAME } from "@app/shared";
import { Orbit } from "lucide-react";
import { Link, Navigate, useSearchParams } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useMe } from "../api/get-me";
import { AFTER_SIGN_IN, safeRedirect } from "../utils/redirect";
import { ResetPasswordForm } from "./reset-password-form";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

type Tab = "signin" | "signup" | "reset-password";

function tabFrom(value: string | null): Tab {
  return value === "signup" || value === "reset-password" ? value : "signin";
}

export function AuthScreen() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get("tab"));
  // A page that sent the user here to sign in (an invitation) is where they go back to; the e-mail it names
  // is filled in.
  const redirect = safeRedirect(params.get("redirect"));
  const email = params.get("email") ?? "";

  if (me.isPending) return <PageSpinner />;
  if (me.data) return <Navigate to={redirect ?? AFTER_SIGN_IN} replace />;

  const showTab = (next: Tab, nextEmail = email) => {
    const kept = new URLSearchParams();
    if (next !== "signin") kept.set("tab", next);
    if (redirect) kept.set("redirect", redirect);
    if (nextEmail && next !== "reset-password") kept.set("email", nextEmail);
    setParams(kept, { replace: true });
  };
  const resetView = tab === "reset-password";

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
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold tracking-tight">
              {resetView ? "Choose a new password" : `Welcome to ${APP_NAME}`}
            </h1>
            <CardDescription>
              {resetView
                ? "Enter your new password twice to finish resetting it."
                : "Sign in to your account or create a new one."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {resetView ? (
              <ResetPasswordForm token={params.get("token")} onDone={() => showTab("signin")} />
            ) : (
              <Tabs value={tab} onValueChange={(v) => showTab(tabFrom(v))}>
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="signin">Sign In</TabsTrigger>
                  <TabsTrigger value="signup">Sign Up</TabsTrigger>
                </TabsList>
                <TabsContent value="signin">
                  <CardTitle className="sr-only">Sign in</CardTitle>
                  <SignInForm redirectTo={redirect ?? AFTER_SIGN_IN} defaultEmail={email} />
                </TabsContent>
                <TabsContent value="signup">
                  <CardTitle className="sr-only">Sign up</CardTitle>
                  <SignUpForm defaultEmail={email} onSignedUp={(signedUpEmail) => showTab("signin", signedUpEmail)} />
                </TabsContent>
              </Tabs>
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
