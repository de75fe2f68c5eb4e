/*
 * How a test waits for something the app does in the background (a worker delivering mail, a
 * sweep expiring a hold): it polls the outcome itself, never sleeps a fixed time and hopes. A
 * fixed sleep is either too short on a busy machine (a flaky test) or longer than needed on
 * every run; "nothing happened" is shown by moving a fake clock past the moment it would have.
 */

// Taken before any test can install fake timers, so polling keeps real time under them too.
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

export interface WaitOptions {
  /** How long before giving up; generous, as the shared test machine is often busy. */
  timeoutMs?: number;
  /** Pause between two looks at the condition. */
  intervalMs?: number;
}

/**
 * Resolves as soon as `condition` holds; rejects after `timeoutMs` with an error naming `what`
 * was awaited (e.g. "all 40 messages delivered").
 */
export async function waitUntil(
  what: string,
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 15_000, intervalMs = 20 }: WaitOptions = {},
): Promise<void> {
  const deadline = realNow() + timeoutMs;
  while (!(await condition())) {
    if (realNow() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}.`);
    await new Promise((resolve) => realSetTimeout(resolve, intervalMs));
  }
}
