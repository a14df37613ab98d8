import type { Platform } from "@app/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { campaigns, mediaFiles, socialAccounts } from "../../db/schema";

export interface CsvAccount {
  id: string;
  platform: Platform;
  username: string | null;
  isActive: boolean;
}
export interface CsvMediaFile {
  id: string;
  originalName: string;
  width: number | null;
  height: number | null;
}
export interface CsvCampaign {
  id: string;
  name: string;
  slug: string;
}

/** What the cells of a posts CSV name, in one workspace: its accounts, its library's files, its campaigns. */
export interface CsvNames {
  accounts: CsvAccount[];
  media: CsvMediaFile[];
  campaigns: CsvCampaign[];
}

/** Reads of the CSV import and export, each scoped to the workspace. */
export function createPostCsvRepo(db: Db) {
  return {
    async names(workspaceId: string): Promise<CsvNames> {
      const [accounts, media, found] = await Promise.all([
        db
          .select({
            id: socialAccounts.id,
            platform: socialAccounts.platform,
            username: socialAccounts.username,
            isActive: socialAccounts.isActive,
          })
          .from(socialAccounts)
          .where(eq(socialAccounts.workspaceId, workspaceId)),
        db
          .select({
            id: mediaFiles.id,
            originalName: mediaFiles.originalName,
            width: mediaFiles.width,
            height: mediaFiles.height,
          })
          .from(mediaFiles)
          .where(eq(mediaFiles.workspaceId, workspaceId)),
        db
          .select({ id: campaigns.id, name: campaigns.name, slug: campaigns.slug })
          .from(campaigns)
          .where(eq(campaigns.workspaceId, workspaceId)),
      ]);
      return { accounts: accounts as CsvAccount[], media, campaigns: found };
    },
  };
}
export type PostCsvRepo = ReturnType<typeof createPostCsvRepo>;
