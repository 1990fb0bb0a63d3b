/** Helpers of the bot seat tests: a match request with a bot seat, and a scripted player. */
import { RandomBot } from "@fogwar/engine";
import { catalog } from "@fogwar/ember";
import { emberRequest, type TestClient } from "./harness";

/**
 * An EMBER 1 v 1 where p2 is the server's bot. A short reconnection grace: a bot whose worker is
 * stopped drops without a goodbye, and its seat's grace timer would outlive the test.
 */
export const emberBotRequest = () => {
  const request = emberRequest(catalog, { options: { reconnectGrace: 5 } });
  return { ...request, players: [request.players[0], { ...request.players[1], name: "Bot", bot: "easy" }] };
};

/**
 * Plays `client`'s seat with a seeded random bot until the match has a result: whenever its own
 * projection lists commands it sends one, else it waits for the state to move (the bot's turn).
 * @returns the commands it sent.
 */
export async function playScripted(client: TestClient, legalOf: (view: any, seat: string) => { type: string }[], policy: any, seed: string): Promise<number> {
  const random = new RandomBot<any>(seed, policy);
  let sent = 0;
  for (;;) {
    const legal = await client.until(
      () => {
        const view = client.projection() as { result?: unknown };
        if (view.result) return "over" as const;
        const commands = legalOf(view, client.seat as string);
        return commands.length > 0 ? commands : null;
      },
      "my move or the end",
      60_000,
    );
    if (legal === "over") return sent;
    const answer = await client.command(random.choose(legal));
    // The bot may have moved in between only if the command was for a shared decision.
    if (answer.type === "accepted") sent++;
    else if (answer.type !== "rejected") throw new Error(`unexpected answer ${JSON.stringify(answer)}`);
    await client.until(() => client.seq >= (answer.payload.seq ?? client.seq), "my command's state");
  }
}

