/**
 * What a load driver needs from each server under test's clients: create a match, join it as a
 * player or a spectator, and play it one command at a time, counting the bytes each socket
 * receives.
 */

/** One joined client. */
export interface Connection {
  /** Bytes of frames received so far (drivers take differences over a phase). */
  readonly bytes: number;
  /** The same bytes by part (the state patch, each message type), where the client tells them apart. */
  readonly parts?: ReadonlyMap<string, { readonly bytes: number }>;
  /** Leaves for good. */
  leave(): Promise<void>;
}

/**
 * One command's round trip (ms from sending it): `ack` until its acknowledgement; `felt` until
 * the player has everything the command brings: the acknowledgement, the state patch and the
 * events, at the sender and at the other players (fogwar: all three; the floor sends a patch and
 * then the acknowledgement, boardgame.io one update that is both, so there `felt` equals `ack`).
 */
export interface RoundTrip {
  readonly ack: number;
  readonly felt: number;
}

/** A match with its two players (and spectators) joined. */
export interface BenchMatch {
  readonly players: readonly Connection[];
  readonly spectators: readonly Connection[];
  /**
   * Sends the next command, from whichever seat may act, and resolves with its round trip
   * ({@link RoundTrip}); null, sending nothing, when the match turns out to be over.
   * @throws Error when the server refuses it, or answers nothing within 30 s.
   */
  command(): Promise<RoundTrip | null>;
  /** Whether the match is over (no more commands can be sent). */
  readonly over: boolean;
}

/** One server under test's client side. */
export interface Target<Created> {
  /** Creates a match on the server (its REST or lobby API). */
  create(): Promise<Created>;
  /**
   * Joins a created match: `seat` 0 or 1 as that player, null as a spectator; resolves when the
   * first state has arrived.
   */
  join(created: Created, seat: number | null): Promise<Connection>;
  /** The match played by the joined `players` (in seat order), watched by `spectators`. */
  play(created: Created, players: Connection[], spectators: Connection[], seed: string): BenchMatch;
}

/** Resolves when `check` holds, re-checked each time `wake` is called; rejects after `ms`. */
export class Waiter {
  private waiting: (() => void)[] = [];

  /** Re-checks every pending wait. */
  wake(): void {
    for (const w of this.waiting.splice(0)) w();
  }

  /** Waits until `check` returns a value (not null, undefined or false). */
  async until<T>(check: () => T | null | undefined | false, what: string, ms = 30_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = check();
      if (value) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 1000));
        this.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** POSTs JSON and returns the JSON answer. @throws Error with the status and body when it is not 2xx. */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
