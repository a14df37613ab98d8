import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { Notifications } from "../db/client";

export interface RealtimeEvent {
  /** SSE event name, e.g. "accounts" */
  name: string;
  data: unknown;
}

/** The PostgreSQL channel on which processes sharing a database pass each other their users' changes. */
export const RELAY_CHANNEL = "realtime_events";
/**
 * The PostgreSQL channel on which a process tells the publishing workers of every other process that a post
 * became due now (its payload: the sender's origin, so the sender's own workers are not woken twice).
 */
export const DUE_CHANNEL = "publishing_due";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_RELAY_BYTES = 7_900;

interface Relayed {
  origin: string;
  userId: string;
  event: RealtimeEvent;
}

/**
 * Fan-out of each user's changes to their open /api/events streams. Within one process through an
 * emitter; with `relay` (several processes on one PostgreSQL database) also through LISTEN/NOTIFY, so a
 * change made by any process reaches the user's streams on every process.
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

  const emitLocal = (userId: string, event: RealtimeEvent) => emitter.emit(userId, event);

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
        if (message.origin !== origin && typeof message.userId === "string") emitLocal(message.userId, message.event);
      });
      stopListeningDue = await opts.relay.listen(DUE_CHANNEL, (payload) => {
        if (payload !== origin) wakeLocal();
      });
    },
    async stop() {
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
    publish(userId: string, event: RealtimeEvent) {
      emitLocal(userId, event);
      if (!opts.relay) return;
      const payload = JSON.stringify({ origin, userId, event } satisfies Relayed);
      // A change too large to relay still reached this process's streams; the others read it on their next resync.
      if (Buffer.byteLength(payload) > MAX_RELAY_BYTES) return;
      opts.relay.notify(RELAY_CHANNEL, payload).catch((err) => opts.onError?.(err));
    },
    subscribe(userId: string, listener: (event: RealtimeEvent) => void): () => void {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    listenerCount(userId: string) {
      return emitter.listenerCount(userId);
    },
  };
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
