import { Mail, UserRound } from "lucide-react";
import { PageHeader } from "@/components/layouts/page-header";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useMe } from "@/features/auth/api/get-me";
import { ChangePasswordForm } from "@/features/auth/components/change-password-form";
import { BillingSettingsCard } from "@/features/billing/components/billing-settings-card";
import { initials } from "@/lib/utils";

export default function SettingsRoute() {
  const me = useMe();
  const user = me.data?.user;
  return (
    <>
      <PageHeader title="Settings" description="Your profile, security and billing." />
      <div className="grid max-w-2xl gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Profile</CardTitle>
            <CardDescription>Your name and e-mail address.</CardDescription>
          </CardHeader>
          <CardContent className="flex items-center gap-4">
            <Avatar className="size-16">
              {user?.image && <AvatarImage src={user.image} alt="" />}
              <AvatarFallback className="text-lg">{initials(user?.name)}</AvatarFallback>
            </Avatar>
            <dl className="grid gap-1 text-sm">
              <div className="flex items-center gap-2">
                <UserRound className="size-4 text-muted-foreground" aria-hidden />
                <dt className="sr-only">Full name</dt>
                <dd className="font-medium">{user?.name}</dd>
              </div>
              <div className="flex items-center gap-2">
                <Mail className="size-4 text-muted-foreground" aria-hidden />
                <dt className="sr-only">E-mail</dt>
                <dd className="text-muted-foreground">{user?.email}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Security</CardTitle>
            <CardDescription>Change your password. Other devices are signed out when you do.</CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>
        <BillingSettingsCard />
      </div>
    </>
  );
}
