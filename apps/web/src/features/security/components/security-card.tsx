import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Separator } from "@/components/ui/separator";
import { ChangePasswordForm } from "@/features/auth/components/change-password-form";
import { ActiveSessions } from "./active-sessions";
import { TwoFactorSection } from "./two-factor-section";

/** Settings → Security: the password, two-factor sign-in and the active sessions. */
export function SecurityCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>Change your password. Other devices are signed out when you do.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ChangePasswordForm />
        <Separator />
        <TwoFactorSection />
        <Separator />
        <ActiveSessions />
      </CardContent>
    </Card>
  );
}
