import { MediaLibraryScreen } from "@/features/media/components/media-library-screen";

export default function MediaRoute() {
  return <MediaLibraryScreen />;
}
