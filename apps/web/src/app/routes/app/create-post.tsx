import { PenSquare } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function CreatePostRoute() {
  return (
    <>
      <PageHeader title="Create New Post" description="Write once, then publish or schedule to your networks." />
      <EmptyState
        icon={PenSquare}
        title="No social accounts connected"
        description="Connect an account to choose where your post goes."
        action={
          <Button asChild>
            <Link to="/connected-accounts">Connect Accounts</Link>
          </Button>
        }
      />
    </>
  );
}
