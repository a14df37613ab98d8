import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { Notifications } from "../db/client";

export interface RealtimeEvent {
  /** SSE event name, e.g. "accounts" */
  name: string;
  data: unknown;
}

/** The PostgreSQL channel on which processes sharing a database pass each other their workspaces' changes. */
export const RELAY_CHANNEL = "realtime_events";
/**
 * The PostgreSQL channel on which a process tells the publishing workers of every other process that a post
 * became due now (its payload: the sender's origin, so the sender's own workers are not woken twice).
 */
export const DUE_CHANNEL = "publishing_due";
/** Changes referenced by changed() wait this long at most, to go out together (a tab sees them this much later). */
const CHANGES_EVERY_MS = 25;
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_RELAY_BYTES = 7_900;

/** What goes through the relay: an event for one workspace, or references to rows of `kind` that changed. */
type Relayed =
  | { origin: string; workspaceId: string; event: RealtimeEvent }
  | { origin: string; kind: string; changed: Record<string, string[]> };

/** A row that changed, by the workspace it belongs to and its id. */
export interface ChangedRow {
  workspaceId: string;
  id: string;
}

/**
 * Reads the rows of one kind that changed (by their workspace and id) and makes each one's event. Only the
 * rows of workspaces with a stream open in this process are asked for.
 */
export type ChangeResolver = (changed: ChangedRow[]) => Promise<{ workspaceId: string; event: RealtimeEvent }[]>;

/**
 * Fan-out of each workspace's changes to the open /api/events streams of its members. Within one process
 * through an emitter (keyed by workspace id); with `relay` (several processes on one PostgreSQL database)
 * also through LISTEN/NOTIFY, so a change made by any process reaches the workspace's streams on every process.
 */
export function createRealtimeHub(opts: { relay?: Notifications; onError?: (err: unknown) => void } = {}) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const origin = randomUUID();
  let stopListening: (() => Promise<void>) | undefined;
  let stopListeningDue: (() => Promise<void>) | undefined;
  /** this process's publishing workers, woken when a post becomes due now */
  const dueListeners = new Set<() => void>();
  const wakeLocal = () => {
    for (const listener of dueListeners) {
      try {
        listener();
      } catch (err) {
        opts.onError?.(err);
      }
    }
  };

  const emitLocal = (workspaceId: string, event: RealtimeEvent) => emitter.emit(workspaceId, event);

  const resolvers = new Map<string, ChangeResolver>();
  /**
   * Rows of `kind` that changed: those of workspaces watched from this process are read (the kind's resolver)
   * and their events emitted here; the others' are nobody's concern here.
   */
  function emitChanged(kind: string, changed: ChangedRow[]) {
    const resolver = resolvers.get(kind);
    const watched = changed.filter((c) => emitter.listenerCount(c.workspaceId) > 0);
    if (!resolver || watched.length === 0) return;
    resolver(watched).then(
      (events) => {
        for (const { workspaceId, event } of events) emitLocal(workspaceId, event);
      },
      (err) => opts.onError?.(err),
    );
  }

  /** Changes referenced in the last CHANGES_EVERY_MS, by kind: they go out together (see changed()). */
  let pendingChanges = new Map<string, ChangedRow[]>();
  let flushTimer: NodeJS.Timeout | undefined;
  function flushChanges() {
    const all = pendingChanges;
    pendingChanges = new Map();
    clearTimeout(flushTimer);
    flushTimer = undefined;
    for (const [kind, changed] of all) {
      emitChanged(kind, changed);
      if (opts.relay) for (const payload of changePayloads(kind, changed)) relayPayload(payload);
    }
  }
  const relayPayload = (payload: string) =>
    opts.relay?.notify(RELAY_CHANNEL, payload).catch((err) => opts.onError?.(err));

  /** The references as few notifications as fit them (each under PostgreSQL's limit), each workspace's ids together. */
  function changePayloads(kind: string, changed: ChangedRow[]): string[] {
    const payloads: string[] = [];
    const empty = () => ({ message: { origin, kind, changed: {} as Record<string, string[]> }, bytes: 0 });
    let current = empty();
    current.bytes = Buffer.byteLength(JSON.stringify(current.message));
    const base = current.bytes;
    for (const { workspaceId, id } of changed) {
      const known = current.message.changed[workspaceId];
      // An id adds itself quoted and a comma; a new workspace also its key, a colon and the brackets.
      const more =
        Buffer.byteLength(JSON.stringify(id)) + 1 + (known ? 0 : Buffer.byteLength(JSON.stringify(workspaceId)) + 3);
      if (current.bytes + more > MAX_RELAY_BYTES && current.bytes > base) {
        payloads.push(JSON.stringify(current.message));
        current = { ...empty(), bytes: base };
      }
      const list = current.message.changed[workspaceId];
      if (list) list.push(id);
      else current.message.changed[workspaceId] = [id];
      current.bytes += more;
    }
    if (current.bytes > base) payloads.push(JSON.stringify(current.message));
    return payloads;
  }

  return {
    /** Starts receiving the other processes' changes. */
    async start() {
      if (!opts.relay || stopListening) return;
      stopListening = await opts.relay.listen(RELAY_CHANNEL, (payload) => {
        let message: Relayed;
        try {
          message = JSON.parse(payload) as Relayed;
        } catch {
          return;
        }
        if (message.origin === origin) return;
        if ("event" in message && typeof message.workspaceId === "string") {
          emitLocal(message.workspaceId, message.event);
        } else if ("changed" in message && typeof message.kind === "string" && message.changed) {
          const changed: ChangedRow[] = [];
          for (const [workspaceId, ids] of Object.entries(message.changed)) {
            if (Array.isArray(ids)) for (const id of ids) if (typeof id === "string") changed.push({ workspaceId, id });
          }
          emitChanged(message.kind, changed);
        }
      });
      stopListeningDue = await opts.relay.listen(DUE_CHANNEL, (payload) => {
        if (payload !== origin) wakeLocal();
      });
    },
    async stop() {
      // Changes still waiting for their moment go out before the relay closes.
      if (flushTimer) flushChanges();
      await stopListening?.();
      await stopListeningDue?.();
      stopListening = undefined;
      stopListeningDue = undefined;
    },
    /**
     * A post became due now: wakes this process's publishing workers at once and, with `relay`, every other
     * process's through NOTIFY, instead of leaving the post to their next look at the queue.
     */
    due() {
      wakeLocal();
      opts.relay?.notify(DUE_CHANNEL, origin).catch((err) => opts.onError?.(err));
    },
    /** Calls `listener` whenever a post becomes due now (see due()); returns a function that stops it. */
    onDue(listener: () => void): () => void {
      dueListeners.add(listener);
      return () => {
        dueListeners.delete(listener);
      };
    },
    /** Tells every stream open on the workspace (every member's tabs), on this process and, with `relay`, the others. */
    publish(workspaceId: string, event: RealtimeEvent) {
      emitLocal(workspaceId, event);
      if (!opts.relay) return;
      const payload = JSON.stringify({ origin, workspaceId, event } satisfies Relayed);
      // A change too large to relay still reached this process's streams; the others read it on their next resync.
      if (Buffer.byteLength(payload) > MAX_RELAY_BYTES) return;
      opts.relay.notify(RELAY_CHANNEL, payload).catch((err) => opts.onError?.(err));
    },
    /**
     * Rows of `kind` (e.g. posts) changed: each process with a stream of their workspace open reads them and
     * tells those streams (through the kind's resolver, see resolveWith). Cheaper than publish() for changes made
     * in bulk (a publishing worker settling posts): the references made in one turn of the event loop go out in a
     * notification or a few, and nothing is read for workspaces nobody is watching. They go out CHANGES_EVERY_MS
     * after the first of them: a worker settles in small batches, and each would otherwise cost a NOTIFY.
     */
    changed(kind: string, workspaceId: string, id: string) {
      const list = pendingChanges.get(kind);
      if (list) list.push({ workspaceId, id });
      else pendingChanges.set(kind, [{ workspaceId, id }]);
      flushTimer ??= setTimeout(flushChanges, CHANGES_EVERY_MS);
    },
    /** How this process reads the rows of `kind` that changed (see changed()). */
    resolveWith(kind: string, resolver: ChangeResolver) {
      resolvers.set(kind, resolver);
    },
    /** Calls `listener` with every event of the workspace; returns a function that stops it. */
    subscribe(workspaceId: string, listener: (event: RealtimeEvent) => void): () => void {
      emitter.on(workspaceId, listener);
      return () => emitter.off(workspaceId, listener);
    },
    listenerCount(workspaceId: string) {
      return emitter.listenerCount(workspaceId);
    },
  };
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
