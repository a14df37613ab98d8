import { useEffect, useRef } from "react";

/** One kind of event on the stream and what to do with it. */
export interface RealtimeChannel {
  /** The SSE event name, e.g. "accounts". */
  event: string;
  onMessage(data: unknown): void;
  /** The stream has (re)opened: changes made before that may have been missed, so read the data again. */
  onResync?(): void;
}

const EVENTS_URL = "/api/events";
/** If the browser gives up on the stream (it does on an error status), open a new one after this long. */
const REOPEN_DELAY_MS = 5_000;

/** The open stream's "start again" (one stream per tab). */
const reopeners = new Set<() => void>();

/**
 * Closes the stream and opens a new one at once. The server sends each stream the events of the workspace
 * the browser had open when it connected: after switching workspaces the old stream would keep telling the
 * last one's.
 */
export function reopenEventStream() {
  for (const reopen of reopeners) reopen();
}

/**
 * Keeps one Server-Sent Events stream of the signed-in user's changes open while mounted (the protected
 * app layout mounts it once) and hands each event to its channel. The browser reconnects by itself
 * after a dropped connection; a stream it closed for good is reopened here.
 */
export function useRealtime(channels: RealtimeChannel[]) {
  // Handlers may change every render; the stream must not.
  const latest = useRef(channels);
  useEffect(() => {
    latest.current = channels;
  });
  // Each event name once: several channels may listen to one event (each is handed every such event once).
  const names = [...new Set(channels.map((c) => c.event))].join(",");

  useEffect(() => {
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let disposed = false;
    let opened = false;

    const dispatch = (name: string) => (e: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(e.data);
      } catch {
        return;
      }
      for (const c of latest.current) if (c.event === name) c.onMessage(data);
    };

    const open = () => {
      source = new EventSource(EVENTS_URL);
      for (const name of names.split(",").filter(Boolean)) source.addEventListener(name, dispatch(name));
      // Whatever changed while the stream was down is not on it: read the data again when it reopens. The
      // first opening comes with the screens' own first reads, so it needs none.
      source.addEventListener("open", () => {
        if (!opened) {
          opened = true;
          return;
        }
        for (const c of latest.current) c.onResync?.();
      });
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED || disposed) return;
        source = null;
        reopenTimer = setTimeout(open, REOPEN_DELAY_MS);
      });
    };
    open();
    // A new workspace's stream: its first opening needs no resync (the switch reads everything again).
    const reopen = () => {
      clearTimeout(reopenTimer);
      source?.close();
      opened = false;
      open();
    };
    reopeners.add(reopen);

    return () => {
      reopeners.delete(reopen);
      disposed = true;
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [names]);
}
