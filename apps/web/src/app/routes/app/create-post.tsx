import { EDITABLE_STATUSES, POST_MESSAGES } from "@app/shared";
import { useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePost } from "@/features/posts/api/get-posts";
import { PostComposer } from "@/features/posts/components/post-composer";

export default function CreatePostRoute() {
  // The Create Post action of a connected account starts with that account chosen; ?edit=<id> opens a
  // saved draft or scheduled post to change it.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editId = params.get("edit");
  const editing = usePost(editId);
  const locked = editing.data && !EDITABLE_STATUSES.includes(editing.data.status);

  return (
    <>
      <PageHeader
        title={editId ? "Edit Post" : "Create New Post"}
        description="Write once, then publish or schedule to your networks."
      />
      <Card className="max-w-3xl">
        <CardContent className="p-4 sm:p-6">
          {!editId ? (
            <PostComposer initialAccountId={params.get("account")} />
          ) : editing.isPending ? (
            <Skeleton className="h-96 w-full" />
          ) : editing.isError || locked ? (
            <Alert variant="destructive">
              <AlertTitle>This post cannot be edited</AlertTitle>
              <AlertDescription>
                <p>{locked ? POST_MESSAGES.notEditable : editing.error?.message}</p>
              </AlertDescription>
            </Alert>
          ) : (
            <PostComposer
              key={editing.data.id}
              editing={editing.data}
              onSaved={() => navigate("/scheduler", { replace: true })}
            />
          )}
        </CardContent>
      </Card>
    </>
  );
}
