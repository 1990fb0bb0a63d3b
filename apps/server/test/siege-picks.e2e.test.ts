/**
 * The attack's secret pick against a defence that reasons over the wire (seed
 * 004_cb264102299fbb71.txt "팀 준비": each team picks its operators and gadgets in secret; both
 * picks are revealed together). While the attack's pick is locked and the defence's is not, the
 * defence's and a spectator's raw frames, decoded state entries and events carry none of the
 * attack's operators or gadgets, and the commitment they do see is the same length whatever was
 * picked. Once the defence locks its own pick, the attack's pick reaches them (the control that
 * shows the checks can see it).
 */
import "./record-frames";
import { catalog, legalCommandsInView, type SiegeCommand, type SiegeState } from "@fogwar/siege";
import { bootServer, createMatch, TestClient, type TestServer } from "./harness";
import { decodedEntries } from "./decoded-frames";

jest.setTimeout(120_000);

let test_server: TestServer;
beforeAll(async () => {
  test_server = await bootServer();
});
afterAll(async () => {
  await test_server.close();
});

type Pick = Extract<SiegeCommand, { type: "pick" }>;

const attackOperators = [...catalog.operators.values()].filter((o) => o.team === "attack").map((o) => o.id);
const attackGadgets = [...catalog.gadgets.values()].filter((g) => g.team === "attack").map((g) => g.id);

/**
 * Everything `c` was sent up to its frame `end` and the events of commands up to `seq`: the
 * frames' bytes, its decoded state entries' paths and values, and the events.
 */
function received(c: TestClient, end = c.frames().length, seq = Infinity): string {
  const frames = c.frames().slice(0, end);
  const entries = decodedEntries(frames).map((e) => `${e.path}=${e.value}`);
  const events = c.received("events").filter((m) => m.seq <= seq);
  return [Buffer.concat(frames).toString("latin1"), ...entries, JSON.stringify(events)].join("\n");
}

/** The attack's ids (operators and gadgets) that `text` mentions. */
const mentioned = (text: string): string[] => [...attackOperators, ...attackGadgets].filter((id) => text.includes(id));

describe("seed 004 팀 준비: the attack's pick before both teams have picked", () => {
  test.each([0, -1])("pick #%i of the attack's legal picks: no defence or spectator frame, decoded entry or event names an attack operator or gadget until the defence locks its own pick", async (which) => {
    const created = await createMatch(test_server.http, { ruleset: "siege", scenario: "ledger", players: [{ name: "Ari", team: "attack" }, { name: "Bo", team: "defence" }], options: {} });
    const token = (seat: string) => created.seats.find((s) => s.seat === seat)!.token;
    const attack = await TestClient.join(test_server.ws, created.matchId, { seat: "a1", token: token("a1") });
    const defence = await TestClient.join(test_server.ws, created.matchId, { seat: "d1", token: token("d1") });
    const watcher = await TestClient.join(test_server.ws, created.matchId, "spectator");
    const blind = [defence, watcher];

    const picks = (c: TestClient) => legalCommandsInView(c.projection() as any, c.seat!).filter((x): x is Pick => x.type === "pick");
    const attackPicks = picks(attack);
    expect(attackPicks.length).toBeGreaterThan(1);
    const chosen = attackPicks.at(which)!;
    const answer = await attack.command(chosen);
    expect(answer.type).toBe("accepted");
    const locked = answer.payload.seq as number;
    await Promise.all(blind.map((c) => c.until(() => c.seq >= locked, `seq ${locked}`)));
    expect((defence.projection() as SiegeState).phase).toBe("picks");

    // The attack's pick is locked; the defence's is not. Nothing sent to the blind names the attack's side.
    for (const c of blind) {
      expect(mentioned(received(c))).toEqual([]);
      const commitment = (c.projection() as SiegeState).picks.attack.commitment;
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    }
    const seen = new Map(blind.map((c) => [c, c.frames().length]));

    // The defence locks its pick: both picks are revealed, to both teams and the spectator.
    const defencePick = picks(defence)[0]!;
    const second = await defence.command(defencePick);
    expect(second.type).toBe("accepted");
    const revealed = second.payload.seq as number;
    await Promise.all(blind.map((c) => c.until(() => c.seq >= revealed, `seq ${revealed}`)));
    for (const c of blind) {
      expect(mentioned(received(c, seen.get(c), locked))).toEqual([]);
      const after = received(c);
      for (const id of chosen.operators) expect(after).toContain(id);
      expect((c.projection() as SiegeState).picks.attack.choice).toEqual({ operators: chosen.operators, inventory: chosen.inventory });
    }
    for (const c of [attack, ...blind]) await c.leave();
  });
});
