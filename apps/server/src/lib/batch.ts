/**
 * Gathers the loads asked for in one turn of the event loop into one call of `loadMany`: a publishing worker
 * starts every target of a claim at once, and each would otherwise read its account with a query of its own.
 * Each caller still gets a value read after it asked (nothing is kept between turns), so a batched read is as
 * fresh as a single one. `loadMany` answers with a value per key it found (by `keyOf`); a key it did not find
 * resolves to undefined; a failure of `loadMany` rejects every load of its batch.
 */
export function batchedLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<string, V>>,
  keyOf: (key: K) => string,
): (key: K) => Promise<V | undefined> {
  let queued: { key: K; resolve(v: V | undefined): void; reject(err: unknown): void }[] = [];

  async function flush() {
    const batch = queued;
    queued = [];
    // One key asked for twice in a turn is read once.
    const keys = [...new Map(batch.map((q) => [keyOf(q.key), q.key])).values()];
    try {
      const found = await loadMany(keys);
      for (const q of batch) q.resolve(found.get(keyOf(q.key)));
    } catch (err) {
      for (const q of batch) q.reject(err);
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      queued.push({ key, resolve, reject });
      if (queued.length === 1) setImmediate(() => void flush());
    });
}
