import { ImageIcon } from "lucide-react";
import { PageHeader } from "@/components/layouts/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export default function MediaRoute() {
  return (
    <>
      <PageHeader title="Media Library" description="Your images and videos, ready to reuse in posts." />
      <EmptyState
        icon={ImageIcon}
        title="No media files yet"
        description="Upload your first media file to get started"
      />
    </>
  );
}
