import { POST_MESSAGES, REVISABLE_STATUSES } from "@app/shared";
import { FileQuestion } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { usePost } from "@/features/posts/api/get-posts";
import { PostComposer } from "@/features/posts/components/post-composer";
import { ResendNote } from "@/features/posts/components/resend-note";
import { ApiError } from "@/lib/api-client";

/** No such post of this user: an unknown id (404) or one that is not an id at all (400). */
const isMissing = (err: Error) => err instanceof ApiError && (err.status === 404 || err.status === 400);

export default function CreatePostRoute() {
  // The Create Post action of a connected account starts with that account chosen; ?edit=<id> opens a
  // saved draft, scheduled post or failed post to change it; ?campaign=<id> starts the post in that campaign.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editId = params.get("edit");
  const editing = usePost(editId);
  const locked = editing.data && !REVISABLE_STATUSES.includes(editing.data.status);

  return (
    <>
      <PageHeader
        title={editId ? "Edit Post" : "Create New Post"}
        description="Write once, then publish or schedule to your networks."
      />
      <Card className="max-w-6xl">
        <CardContent className="p-4 sm:p-6">
          {!editId ? (
            <PostComposer initialAccountId={params.get("account")} initialCampaignId={params.get("campaign")} />
          ) : editing.isPending ? (
            <Skeleton className="h-96 w-full" />
          ) : editing.isError && isMissing(editing.error) ? (
            <EmptyState
              icon={FileQuestion}
              title="This post doesn't exist"
              description="It may have been deleted, or the link you followed is incomplete."
              action={
                <div className="flex flex-wrap justify-center gap-2">
                  <Button asChild>
                    <Link to="/scheduler">Go to Post Scheduler</Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to="/create-post">Create New Post</Link>
                  </Button>
                </div>
              }
            />
          ) : editing.isError || locked ? (
            <Alert variant="destructive">
              <AlertTitle>{locked ? "This post cannot be edited" : "This post could not be loaded"}</AlertTitle>
              <AlertDescription>
                <p>{locked ? POST_MESSAGES.notEditable : editing.error?.message}</p>
                <div>
                  <Button asChild size="sm" variant="outline">
                    <Link to="/scheduler">Go to Post Scheduler</Link>
                  </Button>
                </div>
              </AlertDescription>
            </Alert>
          ) : (
            <>
              <ResendNote post={editing.data} />
              <PostComposer
                key={editing.data.id}
                editing={editing.data}
                onSaved={() => navigate("/scheduler", { replace: true })}
              />
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}
