import { Crown } from "lucide-react";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** What Free does not include, and the way to Premium. */
export function PremiumNotice({ message, id, className }: { message: string; id?: string; className?: string }) {
  return (
    <Alert className={className}>
      <Crown aria-hidden />
      <AlertDescription>
        <p id={id}>{message}</p>
        <Button asChild size="sm" className="w-fit">
          <Link to="/free-plan">Upgrade to Premium</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
