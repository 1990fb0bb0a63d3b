/**
 * A bot seat across a server restart: the restarted process rebuilds the match's room and
 * attaches its bot again (the bot seats are stored with the match, the bot's token derived from
 * its seed), and the match goes on to its end.
 */
import "./record-frames";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RandomBot } from "@fogwar/engine";
import { emberBotPolicy, legalCommandsInView as emberLegal, type EmberCommand } from "@fogwar/ember";
import { api, bootServer, createMatch, TestClient, type TestServer } from "./harness";
import { emberBotRequest, playScripted } from "./bot-play";

jest.setTimeout(240_000);

describe("a bot seat across a server restart", () => {
  test("the restarted process attaches the bot again and the match finishes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fogwar-bot-restart-"));
    let first: TestServer | null = await bootServer({ dataDir: dir });
    try {
      const created = await createMatch(first.http, emberBotRequest());
      let human = await TestClient.join(first.ws, created.matchId, created.seats[0]!);
      // Play until the bot has moved at least twice, then stop the server.
      const random = new RandomBot<EmberCommand>("restart", emberBotPolicy);
      while ((await first.server.store.entries(created.matchId)).filter((e) => e.seat === "p2").length < 2) {
        const legal = await human.until(() => {
          const l = emberLegal(human.projection() as any, "p1");
          return l.length > 0 ? l : null;
        }, "my move", 60_000);
        const answer = await human.command(random.choose(legal));
        await human.until(() => human.seq >= (answer.payload.seq ?? 0), "my command's state");
      }
      const seqBefore = await first.server.store.lastSeq(created.matchId);
      await human.leave();
      await first.close();
      first = null;
      const second = await bootServer({ dataDir: dir });
      try {
        human = await TestClient.join(second.ws, created.matchId, created.seats[0]!);
        await playScripted(human, emberLegal, emberBotPolicy, "human-after-restart");
        const entries = await second.server.store.entries(created.matchId);
        expect(entries.filter((e) => e.seq > seqBefore && e.seat === "p2").length).toBeGreaterThan(0);
        expect((await api(second.http, `/matches/${created.matchId}`)).body.match.status).toBe("finished");
        await human.leave();
      } finally {
        await second.close();
      }
    } finally {
      await first?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

