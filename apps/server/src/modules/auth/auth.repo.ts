import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export function createAuthRepo(db: Db) {
  return {
    async emailExists(email: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return rows.length > 0;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
