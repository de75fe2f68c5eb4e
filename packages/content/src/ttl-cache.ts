/**
 * Remembers each query's result for a fixed time, so the booking service does not ask the
 * CMS on every request. Concurrent callers share one pending request; a failed request is
 * forgotten at once so the next call retries.
 */
export class TtlCache {
  readonly #entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value as Promise<T>;
    const value = load();
    this.#entries.set(key, { expiresAt: this.now() + this.ttlMs, value });
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
