import { describe, expect, test } from "vitest";
import { NetworkError } from "../platforms/http";
import { InboxUnavailable } from "../platforms/platform";
import type { ClaimedJob } from "./jobs.repo";
import { abandonOnce, type OnceNetwork, type OnceRecord, sendOnce } from "./send-once";

/** A row in memory: its status, the moment its attempt began, its last error, and what was sent. */
interface Row {
  status: "queued" | "sending" | "sent" | "failed" | "unconfirmed";
  startedAt: Date | null;
  error: string | null;
  networkId: string | null;
}

const T0 = new Date("2026-12-02T10:00:00Z");
const now = () => T0;
const job = (attempts = 1): ClaimedJob => ({
  id: "job",
  kind: "test",
  key: "test:1",
  workspaceId: "ws",
  payload: {},
  runAt: T0,
  attempts,
  lastError: null,
  recovered: false,
});

function memory(start: Partial<Row> = {}) {
  const row: Row = { status: "queued", startedAt: null, error: null, networkId: null, ...start };
  const record: OnceRecord<Row, string> = {
    read: async () => ({ ...row }),
    state: (r) => ({
      open: r.status === "queued" || r.status === "sending",
      sendingSince: r.status === "sending" ? r.startedAt : null,
    }),
    claim: async (_r, at) => {
      Object.assign(row, { status: "sending", startedAt: at, error: null });
      return true;
    },
    done: async (_r, out) => Object.assign(row, { status: "sent", networkId: out, error: null }),
    unconfirmed: async () => Object.assign(row, { status: "unconfirmed" }),
    failed: async (_r, error) => Object.assign(row, { status: "failed", error }),
    retryLater: async (_r, error, nothingSent) =>
      Object.assign(row, nothingSent ? { status: "queued", startedAt: null, error } : { error }),
  };
  return { row, record };
}

/** A network whose send answers (or throws) as told, and that records the calls. */
function network(send: () => Promise<string>, lookup?: () => Promise<string | null | "unsupported">) {
  const calls = { sends: [] as Date[], lookups: [] as Date[] };
  const net: OnceNetwork<Row, string> = {
    send: (_r, since) => {
      calls.sends.push(since);
      return send();
    },
    ...(lookup && {
      lookup: (_r: Row, since: Date) => {
        calls.lookups.push(since);
        return lookup();
      },
    }),
  };
  return { net, calls };
}

const run = (record: OnceRecord<Row, string>, net: OnceNetwork<Row, string>, attempts = 1) =>
  sendOnce({ job: job(attempts), record, now, maxAttempts: 3, withNetwork: (attempt) => attempt(net) });

const server = (status: number) => new NetworkError(`HTTP ${status}`, status, status >= 500 || status === 429, false);

describe("sendOnce", () => {
  test("a queued one is marked sending with the attempt's moment, then sent once", async () => {
    const { row, record } = memory();
    const { net, calls } = network(
      async () => "n1",
      async () => null,
    );
    await run(record, net);
    expect(row).toMatchObject({ status: "sent", networkId: "n1", startedAt: T0 });
    expect(calls).toEqual({ sends: [T0], lookups: [] });
  });

  test("one left sending is looked up first: found there, it is not sent again", async () => {
    const since = new Date("2026-12-02T09:00:00Z");
    const { row, record } = memory({ status: "sending", startedAt: since });
    const { net, calls } = network(
      async () => "twice",
      async () => "n1",
    );
    await run(record, net);
    expect(row).toMatchObject({ status: "sent", networkId: "n1" });
    expect(calls).toEqual({ sends: [], lookups: [since] });
  });

  test("one left sending and not found is sent again; one the network cannot be asked about is unconfirmed", async () => {
    const since = new Date("2026-12-02T09:00:00Z");
    const notFound = memory({ status: "sending", startedAt: since });
    const a = network(
      async () => "n2",
      async () => null,
    );
    await run(notFound.record, a.net);
    expect(notFound.row).toMatchObject({ status: "sent", networkId: "n2" });
    expect(a.calls.sends).toEqual([T0]);

    for (const lookup of [undefined, async () => "unsupported" as const]) {
      const cannotAsk = memory({ status: "sending", startedAt: since });
      const b = network(async () => "twice", lookup);
      await run(cannotAsk.record, b.net);
      expect(cannotAsk.row.status).toBe("unconfirmed");
      expect(b.calls.sends).toEqual([]);
    }
  });

  test("a refusal fails it with the network's reason, at once; so does the network offering none", async () => {
    const refused = memory();
    await run(refused.record, network(async () => Promise.reject(server(400))).net);
    expect(refused.row).toMatchObject({ status: "failed", error: "HTTP 400" });

    const notOffered = memory();
    await sendOnce({
      job: job(),
      record: notOffered.record,
      now,
      withNetwork: async () => {
        throw new InboxUnavailable("unsupported", "Not offered");
      },
    });
    expect(notOffered.row).toMatchObject({ status: "failed", error: "Not offered" });
  });

  test("a 429 made nothing: queued again, the job thrown for its retry; a 5xx may have: left sending", async () => {
    const limited = memory();
    await expect(run(limited.record, network(async () => Promise.reject(server(429))).net)).rejects.toThrow("429");
    expect(limited.row).toMatchObject({ status: "queued", startedAt: null, error: "HTTP 429" });

    const cut = memory();
    await expect(run(cut.record, network(async () => Promise.reject(server(503))).net)).rejects.toThrow("503");
    expect(cut.row).toMatchObject({ status: "sending", startedAt: T0, error: "HTTP 503" });
  });

  test("the last attempt settles it: unconfirmed when it may have gone out, failed when it cannot have", async () => {
    const cut = memory();
    await run(cut.record, network(async () => Promise.reject(server(503))).net, 3);
    expect(cut.row.status).toBe("unconfirmed");

    const limited = memory();
    await run(limited.record, network(async () => Promise.reject(server(429))).net, 3);
    expect(limited.row).toMatchObject({ status: "failed", error: "gave up after 3 attempts: HTTP 429" });
  });

  test("a failure after it was sent is the job's own (rethrown), the row left sent", async () => {
    const { row, record } = memory();
    record.done = async () => {
      Object.assign(row, { status: "sent" });
      throw new Error("after");
    };
    await expect(run(record, network(async () => "n1").net)).rejects.toThrow("after");
    expect(row.status).toBe("sent");
  });
});

describe("abandonOnce", () => {
  test("given up while sending: unconfirmed; while queued: failed with the error; settled: left alone", async () => {
    const sending = memory({ status: "sending", startedAt: T0 });
    await abandonOnce(sending.record, "gave up");
    expect(sending.row.status).toBe("unconfirmed");

    const queued = memory();
    await abandonOnce(queued.record, "gave up");
    expect(queued.row).toMatchObject({ status: "failed", error: "gave up" });

    const sent = memory({ status: "sent", networkId: "n1" });
    await abandonOnce(sent.record, "gave up");
    expect(sent.row.status).toBe("sent");
  });
});
