import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { PassThrough, type Readable } from "node:stream";
import { POST_CSV_MESSAGES } from "@app/shared";

/**
 * Fetching a file a user named by its web address, without letting them reach what is not on the public
 * internet from the server (the server's own ports, the cloud's metadata service, the office network): http and
 * https only, every address the name resolves to must be public, the connection goes to the address checked (a
 * second resolution cannot swap it), each redirect is checked again, and the body is cut at `maxBytes`.
 */

/**
 * Addresses that are not the public internet (IANA special-purpose registries, v4 and v6). An IPv4-mapped v6
 * address (::ffff:a.b.c.d) is checked by BlockList against the v4 rules.
 */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 127],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, "ipv6");

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Why a fetch was refused or failed, in words for the user (see POST_CSV_MESSAGES). */
export class FetchRefused extends Error {
  constructor(
    readonly reason: "not-web" | "private" | "status" | "unreachable" | "redirects",
    readonly status?: number,
    /** what made it unreachable: "timeout", or the system's error code (ECONNREFUSED...) */
    readonly detail?: string,
  ) {
    super(reason);
  }
}

/** Why the file at an address could not be fetched, in words for the user (the CSV import's, the MCP server's). */
export function fetchRefusedReason(err: FetchRefused): string {
  const M = POST_CSV_MESSAGES;
  return {
    "not-web": M.urlNotWeb,
    private: M.urlPrivate,
    status: M.urlStatus(err.status ?? 0),
    unreachable: M.urlUnreachable,
    redirects: M.urlTooManyRedirects,
  }[err.reason];
}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** which addresses may be reached: the public ones (tests may allow their own) */
  allowAddress?: (address: string) => boolean;
}

export interface FetchedFile {
  /** the last part of the address's path, as a file name */
  filename: string;
  /** the body, cut at maxBytes + 1 bytes with `truncated` set */
  stream: Readable & { truncated?: boolean };
}

async function checkedAddress(
  host: string,
  allow: (a: string) => boolean,
): Promise<{ address: string; family: number }> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare)) {
    if (!allow(bare)) throw new FetchRefused("private");
    return { address: bare, family: isIP(bare) };
  }
  let found: { address: string; family: number }[];
  try {
    found = await dnsLookup(bare, { all: true });
  } catch {
    throw new FetchRefused("unreachable");
  }
  // A name that also leads somewhere private is refused as a whole.
  if (found.length === 0 || found.some((a) => !allow(a.address))) throw new FetchRefused("private");
  return found[0] as { address: string; family: number };
}

/** A lookup that answers the address checked, whatever the name: a second resolution cannot swap it. */
function pinnedLookup(pinned: { address: string; family: number }): LookupFunction {
  return (_host, options, done) => {
    if ((options as { all?: boolean }).all) (done as (e: null, a: unknown[]) => void)(null, [pinned]);
    else done(null, pinned.address, pinned.family);
  };
}

function request(url: URL, pinned: { address: string; family: number }, timeoutMs: number): Promise<IncomingMessage> {
  const lookup = pinnedLookup(pinned);
  const get = url.protocol === "https:" ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(url, { lookup, timeout: timeoutMs, headers: { accept: "image/*,video/*" } }, resolve);
    req.on("timeout", () => req.destroy(new FetchRefused("unreachable")));
    req.on("error", (err) => reject(err instanceof FetchRefused ? err : new FetchRefused("unreachable")));
  });
}

export async function safeFetch(address: string, options: SafeFetchOptions): Promise<FetchedFile> {
  const allow = options.allowAddress ?? isPublicAddress;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused("not-web");
  }
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused("not-web");
    const res = await request(url, await checkedAddress(url.hostname, allow), timeoutMs);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (redirects >= (options.maxRedirects ?? 3)) throw new FetchRefused("redirects");
      url = new URL(res.headers.location, url);
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new FetchRefused("status", status);
    }
    return { filename: fileNameOf(url), stream: capped(res, options.maxBytes) };
  }
}

/** The address as a web URL (http or https), else FetchRefused("not-web"). */
function webUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused("not-web");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused("not-web");
  return url;
}

/**
 * Checks, without calling it, that an address is http(s) and that every address its host resolves to is allowed
 * (public unless `allowAddress` says): FetchRefused "not-web", "private", or "unreachable" (the name resolves to
 * nothing) otherwise.
 */
export async function checkWebAddress(address: string, allowAddress = isPublicAddress): Promise<void> {
  await checkedAddress(webUrl(address).hostname, allowAddress);
}

export interface SafePostOptions {
  body: string;
  headers: Record<string, string>;
  /** for the whole call: connecting, sending and reading the answer */
  timeoutMs: number;
  /** characters of the answer's body kept (the rest is not read) */
  maxChars: number;
  /** which addresses may be reached: the public ones unless told */
  allowAddress?: (address: string) => boolean;
}

/** What the address answered: its status and the start of its body. */
export interface PostAnswer {
  status: number;
  body: string;
}

/**
 * POSTs `body` to an address the same safe way as safeFetch (its host's addresses checked, the connection pinned
 * to the address checked), following no redirect: a 3xx is the answer. Any status is an answer; FetchRefused
 * when the address is refused or gives none (`detail` "timeout" past timeoutMs).
 */
export async function safePost(address: string, o: SafePostOptions): Promise<PostAnswer> {
  const url = webUrl(address);
  const pinned = await checkedAddress(url.hostname, o.allowAddress ?? isPublicAddress);
  const send = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: "POST",
      lookup: pinnedLookup(pinned),
      headers: { ...o.headers, "content-length": String(Buffer.byteLength(o.body)) },
    });
    const timer = setTimeout(() => req.destroy(new FetchRefused("unreachable", undefined, "timeout")), o.timeoutMs);
    const fail = (err: unknown) => {
      clearTimeout(timer);
      reject(
        err instanceof FetchRefused
          ? err
          : new FetchRefused("unreachable", undefined, (err as NodeJS.ErrnoException).code ?? String(err)),
      );
    };
    req.on("error", fail);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      // Enough bytes for maxChars characters of any encoding; past that the answer is cut.
      const maxBytes = o.maxChars * 4;
      const answer = () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8").slice(0, o.maxChars) });
      };
      res.on("data", (chunk: Buffer) => {
        if (size >= maxBytes) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= maxBytes) {
          answer();
          res.destroy();
        }
      });
      res.on("end", answer);
      res.on("error", fail);
    });
    req.end(o.body);
  });
}

function fileNameOf(url: URL): string {
  const last = url.pathname.split("/").filter(Boolean).pop() ?? "";
  try {
    return decodeURIComponent(last) || "file";
  } catch {
    return last || "file";
  }
}

/** The body up to maxBytes + 1 bytes: past that it stops, marked truncated (the upload then says too large). */
function capped(res: IncomingMessage, maxBytes: number): Readable & { truncated?: boolean } {
  const out: PassThrough & { truncated?: boolean } = new PassThrough();
  let size = 0;
  res.on("data", (chunk: Buffer) => {
    if (out.truncated) return;
    size += chunk.length;
    if (size > maxBytes) {
      out.truncated = true;
      out.end(chunk.subarray(0, chunk.length - (size - maxBytes - 1)));
      res.destroy();
      return;
    }
    if (!out.write(chunk)) {
      res.pause();
      out.once("drain", () => res.resume());
    }
  });
  res.on("end", () => out.end());
  res.on("error", (err) => out.destroy(err));
  return out;
}
