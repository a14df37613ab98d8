import { Readable } from "node:stream";
import { ExponentialBackoff, handleWhen, retry } from "cockatiel";

/** A failed call to a network, with the network's own message. */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** network errors, timeouts, 5xx and 429: worth trying again later */
    readonly transient: boolean,
    /** the network refused the token itself (revoked, expired, invalid_grant): reconnect needed */
    readonly tokenRejected: boolean,
    readonly retryAfterSeconds?: number,
    /** the token lacks a scope (permission) this call needs: a read that reports it as unavailable instead */
    readonly missingScope = false,
  ) {
    super(message);
  }
}

/** The network (or our check of what it accepts) refuses the post for good: no retry will help. */
export const refuse = (message: string, status = 422) => new NetworkError(message, status, false, false);

export interface ErrorReading {
  message: string;
  tokenRejected: boolean;
  /** the network says "later" in its own words (Graph throttling codes answered with 400) */
  transient?: boolean;
  /** the network says the token lacks a scope or permission for this call */
  missingScope?: boolean;
}

/** Each network reads its own error bodies. */
export type ErrorReader = (status: number, body: unknown) => ErrorReading;

const TIMEOUT_MS = 15_000;

const retryTransient = retry(
  handleWhen((e) => e instanceof NetworkError && e.transient),
  { maxAttempts: 2, backoff: new ExponentialBackoff({ initialDelay: 200, maxDelay: 2_000 }) },
);

/**
 * One HTTP call to a network, parsed as JSON. Transient failures are retried (twice, with backoff)
 * before they surface; everything else throws NetworkError with the network's message at once.
 */
export function networkCall<T = unknown>(
  url: string,
  init: { method?: string; headers?: Record<string, string>; form?: Record<string, string>; json?: unknown },
  readError: ErrorReader,
): Promise<T> {
  return retryTransient.execute(async () => (await networkSend<T>(url, init, readError)).data);
}

/** What a publishing call got back: its status, headers and parsed body. */
export interface NetworkAnswer<T> {
  status: number;
  headers: Headers;
  data: T;
}

/**
 * One HTTP call to a network, tried exactly once: for calls that create something (a post, an upload), where
 * trying again on a timeout could make it twice. The publishing worker decides about retries. `body` sends
 * bytes as they are (an upload), with their own content type.
 */
export async function networkSend<T = unknown>(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    form?: Record<string, string>;
    json?: unknown;
    body?: { data: Buffer | ReadableStream | NodeJS.ReadableStream; type: string; length: number };
    /** multipart/form-data (fetch writes the boundary) */
    multipart?: FormData;
    timeoutMs?: number;
  },
  readError: ErrorReader,
): Promise<NetworkAnswer<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...init.headers };
  let body: RequestInit["body"];
  if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  } else if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.multipart) {
    body = init.multipart;
  } else if (init.body) {
    headers["content-type"] = init.body.type;
    headers["content-length"] = String(init.body.length);
    const data = init.body.data;
    body = (Buffer.isBuffer(data) ? data : Readable.toWeb(data as Readable)) as RequestInit["body"];
  }
  // The call's deadline, cleared once its answer is read: AbortSignal.timeout's timer would stay behind each call
  // and fire long after it ended (an abort event and a DOMException for every call a worker ever made).
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
    init.timeoutMs ?? TIMEOUT_MS,
  );
  let res: Response;
  let text: string;
  try {
    try {
      res = await fetch(url, {
        method: init.method ?? (body ? "POST" : "GET"),
        headers,
        body,
        signal: deadline.signal,
        ...(init.body && !Buffer.isBuffer(init.body.data) ? { duplex: "half" } : {}),
      } as RequestInit);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new NetworkError(`Network unreachable: ${reason}`, 0, true, false);
    }
    text = await res.text();
  } finally {
    clearTimeout(timer);
  }
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = text;
  }
  if (res.ok) return { status: res.status, headers: res.headers, data: data as T };
  const retryAfter = waitAsked(res.headers);
  const { message, tokenRejected, transient: saysLater, missingScope } = readError(res.status, data);
  const transient = res.status === 429 || res.status >= 500 || saysLater === true;
  throw new NetworkError(
    message,
    res.status,
    transient,
    !transient && tokenRejected,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    !transient && missingScope === true,
  );
}

/**
 * How long a network asks us to wait, in seconds: Retry-After, or else until its rate-limit window resets (X sends
 * `x-rate-limit-reset` in epoch seconds of its own clock and no Retry-After). The reset is measured against the
 * answer's Date header, the network's clock when it answered, so neither our clock's drift nor a moved clock
 * (tests) changes the wait; only without a Date header is our clock used.
 */
function waitAsked(headers: Headers): number {
  const retryAfter = Number(headers.get("retry-after"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter;
  const reset = Number(headers.get("x-rate-limit-reset"));
  if (!Number.isFinite(reset) || reset <= 0 || headers.get("x-rate-limit-remaining") !== "0") return Number.NaN;
  const said = Date.parse(headers.get("date") ?? "");
  const answeredAt = Number.isFinite(said) ? said : Date.now();
  return Math.max(1, Math.ceil(reset - answeredAt / 1000));
}

export const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

/** Reads `{error, error_description}` (RFC 6749) bodies; invalid_grant means the grant is dead. */
export function oauthErrorReading(body: unknown): ErrorReading | null {
  if (body && typeof body === "object" && "error" in body && typeof body.error === "string") {
    const b = body as { error: string; error_description?: string };
    return { message: b.error_description || b.error, tokenRejected: b.error === "invalid_grant" };
  }
  return null;
}

/** The message at `key` of an object body, if it is a string. */
export const field = (body: unknown, key: string): string | undefined =>
  body && typeof body === "object" && typeof (body as Record<string, unknown>)[key] === "string"
    ? ((body as Record<string, unknown>)[key] as string)
    : undefined;
