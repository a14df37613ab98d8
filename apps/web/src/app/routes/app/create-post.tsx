import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { PostComposer } from "@/features/posts/components/post-composer";

export default function CreatePostRoute() {
  // The Create Post action of a connected account starts with that account chosen.
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="Create New Post" description="Write once, then publish or schedule to your networks." />
      <Card className="max-w-3xl">
        <CardContent className="p-4 sm:p-6">
          <PostComposer initialAccountId={params.get("account")} />
        </CardContent>
      </Card>
    </>
  );
}
