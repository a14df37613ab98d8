import {
  POST_CSV_MESSAGES as M,
  POST_CSV_REFUSED_FILE,
  type PostCsvImportMode,
  type PostCsvImportResponse,
} from "@app/shared";
import { CircleCheck, Download, FileDown, TriangleAlert } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Spinner } from "@/components/ui/spinner";
import { useMe } from "@/features/auth/api/get-me";
import { saveFile } from "@/lib/download";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { useImportPosts, usePreviewImport } from "../api/import-posts";
import { importModes } from "../utils/import-modes";
import { PreviewTable, RefusedTable } from "./post-csv-tables";

/**
 * Import CSV: choose a file, see each row with its problems (line and message), choose what the valid rows
 * become, import them, then download the refused rows to fix and import again.
 */
export function PostCsvDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const workspace = useMe().data?.workspace;
  const modes = importModes(workspace?.role, workspace?.postsNeedApproval ?? false);
  const zone = useDisplayTimeZone();
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<PostCsvImportMode | null>(null);
  // Scheduling (or submitting) by default: what a file of dated posts is for.
  const mode = chosen && modes.includes(chosen) ? chosen : (modes[1] ?? modes[0] ?? "draft");
  const preview = usePreviewImport();
  const saving = useImportPosts();
  const [done, setDone] = useState<PostCsvImportResponse | null>(null);
  const fileId = useId();
  const modeId = useId();

  const { mutate: check, reset: resetPreview } = preview;
  useEffect(() => {
    if (file) check({ file, mode, timezone: zone });
    else resetPreview();
  }, [file, mode, zone, check, resetPreview]);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setFile(null);
      setDone(null);
      setChosen(null);
      saving.reset();
    }
  };
  const again = () => {
    setFile(null);
    setDone(null);
    saving.reset();
  };
  const run = () => {
    if (!file) return;
    saving.mutate(
      { file, mode, timezone: zone },
      {
        onSuccess: (result) => {
          setDone(result);
          toast.success(M.importedTitle, { description: M.imported(result.imported.length, result.refused.length) });
        },
      },
    );
  };
  const rows = preview.data?.rows ?? [];
  const valid = preview.data?.valid ?? 0;
  const error = saving.error ?? preview.error;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-4xl grid-rows-[auto_minmax(0,1fr)_auto] overflow-hidden">
        <DialogHeader>
          <DialogTitle>{M.dialogTitle}</DialogTitle>
          <DialogDescription>{M.dialogDescription}</DialogDescription>
        </DialogHeader>

        <div className="grid min-h-0 content-start gap-4 overflow-y-auto">
          {done ? (
            <>
              <Alert>
                <CircleCheck aria-hidden className="text-emerald-600" />
                <AlertTitle>{M.imported(done.imported.length, done.refused.length)}</AlertTitle>
                {done.refusedCsv && <AlertDescription>{M.refusedHint}</AlertDescription>}
              </Alert>
              {done.refusedCsv && (
                <>
                  <div>
                    <Button
                      variant="outline"
                      onClick={() =>
                        saveFile(new Blob([done.refusedCsv ?? ""], { type: "text/csv" }), POST_CSV_REFUSED_FILE)
                      }
                    >
                      <Download aria-hidden />
                      {M.downloadRefused}
                    </Button>
                  </div>
                  <RefusedTable refused={done.refused} />
                </>
              )}
            </>
          ) : (
            <>
              <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
                <div className="grid min-w-0 gap-1.5">
                  <Label htmlFor={fileId}>{M.chooseFile}</Label>
                  <Input
                    id={fileId}
                    type="file"
                    accept=".csv,text/csv"
                    className="cursor-pointer"
                    onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  />
                </div>
                <a
                  href="/api/posts/import/template.csv"
                  download
                  className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline sm:pb-2"
                >
                  <FileDown className="size-4" aria-hidden />
                  {M.template}
                </a>
              </div>
              <fieldset className="grid gap-2">
                <legend id={modeId} className="mb-2 text-sm font-medium">
                  {M.modeLabel}
                </legend>
                <RadioGroup
                  aria-labelledby={modeId}
                  value={mode}
                  onValueChange={(v) => setChosen(v as PostCsvImportMode)}
                  className="flex flex-wrap gap-x-6 gap-y-2"
                >
                  {modes.map((m) => (
                    <div key={m} className="flex items-center gap-2">
                      <RadioGroupItem value={m} id={`${modeId}-${m}`} />
                      <Label htmlFor={`${modeId}-${m}`} className="font-normal">
                        {M.modes[m]}
                      </Label>
                    </div>
                  ))}
                </RadioGroup>
              </fieldset>
              {preview.isPending && (
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner className="size-4" label={M.checking} /> {M.checking}
                </p>
              )}
              {preview.data && !preview.isPending && (
                <>
                  <p className="text-sm" role="status">
                    {M.previewSummary(valid, preview.data.refused)}
                  </p>
                  <PreviewTable rows={rows} />
                </>
              )}
            </>
          )}
          {error && (
            <Alert variant="destructive">
              <TriangleAlert aria-hidden />
              <AlertTitle>{M.importFailed}</AlertTitle>
              <AlertDescription>{error.message}</AlertDescription>
            </Alert>
          )}
        </div>

        <DialogFooter>
          {done ? (
            <>
              <Button variant="outline" onClick={again}>
                Import another file
              </Button>
              <Button onClick={() => close(false)}>{M.ok}</Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button onClick={run} disabled={!file || valid === 0 || preview.isPending || saving.isPending}>
                {saving.isPending ? (
                  <>
                    <Spinner className="size-4 text-current" label={M.importing} /> {M.importing}
                  </>
                ) : (
                  M.importValid(valid)
                )}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
