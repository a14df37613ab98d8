import { AlertCircle } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** Where a network sends the user back after authorising. Completing the connection arrives with accounts. */
export default function OAuthCallbackRoute() {
  const [params] = useSearchParams();
  const error = params.get("error");
  const message = error ? `OAuth error: ${error}` : params.get("code") ? null : "No authorization code received";
  return (
    <div className="flex justify-center pt-10">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <AlertCircle className="mx-auto size-10 text-destructive" aria-hidden />
          <CardTitle className="text-xl">Connection Failed</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            {message ?? "Connecting social accounts is not available in this version yet."}
          </p>
          <Button asChild>
            <Link to="/connected-accounts">Go to Connected Accounts</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
