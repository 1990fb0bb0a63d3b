/**
 * Siege matches for the browser tests that open a page at a moment of play (siege-shots,
 * siege-confirm-sight): a 1 v 1 match on the ledger (Alice attacks, Bora defends) created through
 * the REST API with its seats claimed, and random bots that play it through the seats' own
 * connections until a moment comes. The dice are the server's (its secret seed), so a match can
 * end before the moment: then a new match is played, up to five.
 */
import { RandomBot } from "@fogwar/engine";
import { legalCommandsInView, siegeBotPolicy, type SiegeCommand, type SiegeView } from "@fogwar/siege";
import { TestClient } from "@fogwar/server/testing";
import { claimSeats } from "./support";

/** The match being played and its seats: each seat's invite link (`url`, to open a page) and seat token. */
export interface SiegePlay {
  readonly seats: Record<string, { url: string; token: string }>;
  /** Creates a new match (the old one is left as it stands) and claims its seats. @throws Error with the server's answer when creation fails. */
  newMatch(): Promise<void>;
  /**
   * Random bots (seeded by `seed`) play through the seats' connections until `found` holds for
   * some seat (its projection, its legal commands); returns that seat. At most `max` commands a
   * match. @throws Error when the moment never came in five matches, or a command was refused.
   */
  playUntil(found: (view: SiegeView, legal: SiegeCommand[]) => boolean, seed: string, max?: number): Promise<string>;
}

/** A {@link SiegePlay} on the server at `base` (HTTP) and `ws` (WebSocket). */
export function siegePlay(base: string, ws: string): SiegePlay {
  let matchId = "";
  const seats: Record<string, { url: string; token: string }> = {};
  async function newMatch(): Promise<void> {
    const body = { ruleset: "siege", scenario: "ledger", players: [{ name: "Alice", team: "attack" }, { name: "Bora", team: "defence" }], options: { spectatorDelay: 0 } };
    const response = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`create: ${response.status} ${await response.text()}`);
    const created = await claimSeats(base, (await response.json()) as { matchId: string; seats: { seat: string; inviteUrl: string }[] });
    matchId = created.matchId;
    for (const s of created.seats) seats[s.seat] = { url: s.inviteUrl, token: s.token };
  }
  async function playUntil(found: (view: SiegeView, legal: SiegeCommand[]) => boolean, seed: string, max = 1500): Promise<string> {
    for (let match = 0; match < 5; match++) {
      const clients = await Promise.all(Object.keys(seats).map((seat) => TestClient.join(ws, matchId, { seat, token: seats[seat]!.token }))).catch(() => null);
      if (!clients) {
        await newMatch();
        continue;
      }
      const legal = (c: TestClient) => legalCommandsInView(c.projection() as SiegeView, c.seat!).filter((cmd) => cmd.type !== "concede");
      const bots = new Map(clients.map((c) => [c.seat!, new RandomBot<SiegeCommand>(`${seed}-${match}-${c.seat}`, siegeBotPolicy)]));
      try {
        for (let k = 0; k < max; k++) {
          const asked = clients.find((c) => found(c.projection() as SiegeView, legal(c)));
          if (asked) return asked.seat!;
          const mover = clients.find((c) => legal(c).length > 0);
          if (!mover) break; // the match is over
          const command = bots.get(mover.seat!)!.choose(legal(mover))!;
          const answer = await mover.command(command, `${seed}-${match}-${k}`);
          if (answer.type !== "accepted") throw new Error(JSON.stringify(answer.payload));
          await Promise.all(clients.map((c) => c.until(() => c.seq >= answer.payload.seq, "the new state")));
        }
      } finally {
        for (const c of clients) await c.leave();
      }
      await newMatch();
    }
    throw new Error(`${seed}: the moment never came in five matches`);
  }
  return { seats, newMatch, playUntil };
}
