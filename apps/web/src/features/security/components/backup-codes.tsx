import { APP_NAME } from "@app/shared";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { saveFile } from "@/lib/download";
import { backupCodesText } from "../utils/totp";

/** The backup codes, shown once, with a download of them as a .txt. */
export function BackupCodes({ codes, email }: { codes: readonly string[]; email?: string }) {
  const download = () =>
    saveFile(
      new Blob([backupCodesText(APP_NAME, email, codes)], { type: "text/plain" }),
      `${APP_NAME.toLowerCase().replace(/\s+/g, "-")}-backup-codes.txt`,
    );
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Keep these codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown
        only now.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div>
        <Button type="button" variant="outline" onClick={download}>
          <Download className="size-4" aria-hidden />
          Download
        </Button>
      </div>
    </div>
  );
}
