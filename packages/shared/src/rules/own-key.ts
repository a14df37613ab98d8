import { PLATFORMS, type Platform } from "../constants/platforms";

/**
 * The entry a record holds under `key` as its own property. A plain object also answers for names it
 * inherits (`__proto__`, `constructor`, `toString`, ...): wherever a name from a request (a path segment, a
 * query value) picks an entry, look it up through this so that such a name is simply unknown.
 */
export function ownValue<V>(record: { readonly [key: string]: V | undefined }, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Whether a name from a request is one of the networks (and not a name every object inherits). */
export function isPlatform(name: string): name is Platform {
  return (PLATFORMS as readonly string[]).includes(name);
}
