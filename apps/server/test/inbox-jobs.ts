import { eq } from "drizzle-orm";
import type { Db } from "../src/db/client";
import { jobs, socialAccounts } from "../src/db/schema";
import type { AccountRow } from "../src/modules/accounts/accounts.repo";
import type { AccountsService } from "../src/modules/accounts/accounts.service";
import { inboxJobHandlers } from "../src/modules/inbox/inbox.jobs";
import type { PlatformAdapter } from "../src/platforms/platform";
import { createRealtimeHub, type RealtimeEvent } from "../src/realtime/hub";
import { type ClaimedJob, createJobsRepo } from "../src/worker/jobs.repo";
import { createJobsWorker, type JobHandler } from "../src/worker/jobs-worker";

/**
 * The inbox's jobs run by workers the test holds (several at once, or one that stops in the middle), with the
 * accounts service they are given: the app's own (the sandbox) or one that hands out a fake adapter.
 */

type WithAccount = AccountsService["withAccount"];
type Work<T> = Parameters<WithAccount>[2] extends (ctx: infer C) => Promise<unknown> ? (ctx: C) => Promise<T> : never;

/** An accounts service whose every account is served by `adapter` (a fake network), with a token "token". */
export function fakeAccounts(db: Db, adapter: () => Partial<PlatformAdapter>): Pick<AccountsService, "withAccount"> {
  return {
    withAccount: (async <T>(_workspaceId: string, id: string, work: Work<T>) => {
      const [row] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
      if (!row) throw new Error(`no account ${id}`);
      const full = { platform: row.platform, usesPkce: false, sandbox: true, ...adapter() } as PlatformAdapter;
      return work({ adapter: full, token: "token", account: row as AccountRow });
    }) as WithAccount,
  };
}

/**
 * The app's accounts service with its adapters changed by `change` (e.g. a reply whose answer is lost): the
 * network is the sandbox, called for real.
 */
export function changedAccounts(
  accounts: Pick<AccountsService, "withAccount">,
  change: (adapter: PlatformAdapter) => Partial<PlatformAdapter>,
): Pick<AccountsService, "withAccount"> {
  return {
    withAccount: (<T>(workspaceId: string, id: string, work: Work<T>) =>
      accounts.withAccount(workspaceId, id, (ctx) =>
        work({ ...ctx, adapter: { ...ctx.adapter, ...change(ctx.adapter) } }),
      )) as WithAccount,
  };
}

/** A jobs worker running the inbox's jobs only, on the test's clock. */
export function inboxWorker(
  db: Db,
  o: {
    id: string;
    accounts: Pick<AccountsService, "withAccount">;
    now: () => Date;
    xReadsPerAccount?: number;
    events?: RealtimeEvent[];
    leaseMs?: number;
    /** each job as it is handed to its handler (e.g. to see that it was taken over) */
    seen?: ClaimedJob[];
  },
) {
  const hub = createRealtimeHub();
  if (o.events) {
    const events = o.events;
    const publish = hub.publish.bind(hub);
    hub.publish = (workspaceId, event) => {
      events.push(event);
      publish(workspaceId, event);
    };
  }
  const handlers = inboxJobHandlers({
    db,
    accounts: o.accounts,
    hub,
    xReadsPerAccount: o.xReadsPerAccount ?? 1_000,
    now: o.now,
  });
  const seen = o.seen;
  const watched = seen
    ? Object.fromEntries(
        Object.entries(handlers).map(([kind, handler]) => [
          kind,
          ((job, hooks) => {
            seen.push(job);
            return handler(job, hooks);
          }) satisfies JobHandler,
        ]),
      )
    : handlers;
  const worker = createJobsWorker({
    repo: createJobsRepo(db),
    handlers: watched,
    now: o.now,
    id: o.id,
    leaseMs: o.leaseMs,
    onError: () => {},
  });
  return {
    ...worker,
    handlers,
    /** Runs what is due now until nothing is left (each schedule run queues its next one for later). */
    async runDue() {
      while ((await worker.runOnce()) > 0) {}
    },
  };
}

/** The inbox's jobs of `kind` queued so far. */
export async function jobsOf(db: Db, kind: string) {
  return (await db.select().from(jobs).where(eq(jobs.kind, kind))).sort((a, b) => a.key.localeCompare(b.key));
}
