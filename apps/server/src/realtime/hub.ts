import { EventEmitter } from "node:events";

export interface RealtimeEvent {
  /** SSE event name, e.g. "accounts" */
  name: string;
  data: unknown;
}

/**
 * In-process fan-out of each user's changes to their open /api/events streams.
 * (Several processes on one database will relay through PostgreSQL LISTEN/NOTIFY.)
 */
export function createRealtimeHub() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(userId: string, event: RealtimeEvent) {
      emitter.emit(userId, event);
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
