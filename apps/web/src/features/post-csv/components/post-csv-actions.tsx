import { POST_CSV_MESSAGES as M } from "@app/shared";
import { Download, Upload } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { useExportPosts } from "../api/export-posts";
import { exportQuery } from "../utils/export-query";
import { PostCsvDialog } from "./post-csv-dialog";

/** Import CSV (the dialog) and Export CSV (the posts the list's filter shows), for the Post Scheduler's header. */
export function PostCsvActions() {
  const [open, setOpen] = useState(false);
  const [params] = useSearchParams();
  const exporting = useExportPosts();
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden />
        {M.importButton}
      </Button>
      <Button variant="outline" onClick={() => exporting.mutate(exportQuery(params))} disabled={exporting.isPending}>
        <Download aria-hidden />
        {M.exportButton}
      </Button>
      <PostCsvDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
