/**
 * `eventually(what, check)`: the polling wait every test shares (server e2e tests, browser tests).
 */

/**
 * Calls `check` every `pollMs` until it gives a truthy value, and returns that value.
 * @param what what is awaited, in words (the error names it).
 * @param timeoutMs how long to try (ms); 30 s by default.
 * @param pollMs the pause between tries (ms); 100 by default.
 * @throws Error "timed out waiting for <what>" once `timeoutMs` have passed.
 */
export async function eventually<T>(what: string, check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 30_000, pollMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
