import { apiErrorSchema } from "@app/shared";
import type { z } from "zod";
import { takeEarly } from "./early-requests";

/** A failed call, carrying the server's `{ error: { code, message, title? } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** the spec's heading for the message, where the server gives one */
    readonly title?: string,
  ) {
    super(message);
  }
}

/**
 * JSON call to our API with the session cookie (a read the router started early takes that answer). Successful bodies are parsed with the given shared
 * schema; failures throw ApiError with the server's message. A FormData body goes as multipart/form-data (an upload).
 */
export async function api<T>(
  path: string,
  opts: { method?: string; body?: unknown; schema?: z.ZodType<T>; signal?: AbortSignal } = {},
): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? "GET" : "POST");
  const form = opts.body instanceof FormData;
  let res: Response;
  try {
    const early = method === "GET" ? takeEarly(path) : undefined;
    res = await (early ??
      fetch(path, {
        method,
        credentials: "same-origin",
        headers:
          opts.body === undefined || form ? { accept: "application/json" } : { "content-type": "application/json" },
        body: opts.body === undefined ? undefined : form ? (opts.body as FormData) : JSON.stringify(opts.body),
        signal: opts.signal,
      }));
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, "NETWORK_ERROR", "Can't reach the server. Check your connection and try again.");
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const parsed = apiErrorSchema.safeParse(data);
    if (parsed.success) {
      const { code, message, title } = parsed.data.error;
      throw new ApiError(res.status, code, message, title);
    }
    throw new ApiError(res.status, "HTTP_ERROR", `The server answered ${res.status}.`);
  }
  return opts.schema ? opts.schema.parse(data) : (data as T);
}
