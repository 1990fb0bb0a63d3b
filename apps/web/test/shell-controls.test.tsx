/**
 * Leaving a match, the same in every ruleset's table (the shared route body and the shared
 * panel, src/table/Abandonment.tsx): each of the four tables (EMBER in its muster and in battle,
 * Siege while the other team acts, Age of Sigmar while mustering, the TRPG's party and game master)
 * offers Concede with the same question and the claim against another side's disconnected seat
 * with the same words; Concede goes to the server as the protocol's `concede` (never a ruleset
 * command), a claim as `claim`; a spectator sees neither. Age of Sigmar's concede command keeps
 * its label for the log.
 */
import { deserialize, serialize } from "node:v8";
import type { ReactElement } from "react";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { Match, RandomBot, seatViewer, spectator } from "@fogwar/engine";
import { catalog as emberCatalog, ember } from "@fogwar/ember";
import { siege, siegeBotPolicy, type SiegeCommand, type SiegeSetup, type SiegeState } from "@fogwar/siege";
import { sigmar } from "@fogwar/sigmar";
import { trpg, type TrpgSetup } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import type { MatchConnection } from "../src/net/useMatch";
import { openConnection } from "./connection";
import type { ClockInfo } from "../src/table/clock";
import { SigmarTable } from "../src/rulesets/sigmar/SigmarTable";
import { TrpgTable } from "../src/rulesets/trpg/TrpgTable";
import { SiegeTable } from "../src/rulesets/siege/SiegeTable";
import { EmberConnected } from "../src/rulesets/ember/EmberConnected";
import { commandText } from "../src/rulesets/sigmar/commands";
import i18next from "i18next";
import { inEnglish } from "./english";

inEnglish();
jest.setTimeout(30_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

/** An open connection holding `view`, with the clocks `clock`; `send`, `claim` and `concede` are recorded. */
const connection = (view: unknown, clock: ClockInfo | null = null): MatchConnection => openConnection(view, { clock });

test("Age of Sigmar: a seat concedes while mustering, after confirming, through the protocol's concede; a spectator has no Concede button; the command has a label", async () => {
  const state = sigmar.setup({ seats: ["p1", "p2"] }, "web-concede").state;
  expect(state.phase).toBe("muster");
  const match = connection(sigmar.viewFor(state, seatViewer("p1")));
  const { unmount } = render(<SigmarTable matchId="m-sigmar" seat="p1" match={match} banner={null} />);
  fireEvent.click(screen.getByRole("button", { name: "Concede" }));
  expect(match.send).not.toHaveBeenCalled();
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Yes, concede" }));
  });
  expect(match.concede).toHaveBeenCalledTimes(1);
  expect(match.send).not.toHaveBeenCalled();
  unmount();
  render(<SigmarTable matchId="m-sigmar" seat={null} match={connection(sigmar.viewFor(state, { kind: "spectator" }))} banner={null} />);
  expect(screen.queryByRole("button", { name: "Concede" })).toBeNull();
  const words = { t: i18next.getFixedT("en", "sigmar"), language: "en", name: (s: string) => s } as unknown as Parameters<typeof commandText>[0];
  expect(commandText(words, sigmar.viewFor(state, seatViewer("p1")), { type: "concede" })).toBe("Concede the battle");
});

test("the TRPG: the party's seat may claim the win against the absent game master, and the claim goes to the server", async () => {
  const setup: TrpgSetup = { scenario: "proving_ground", mode: "gm", enemies: encounter("proving_ground"), seats: { party: ["p1"], enemies: ["gm"] } };
  const state = trpg.setup(setup, "web-claim").state;
  const clock: ClockInfo = { receivedAt: 0, field: { at: 0, kind: null, clocks: [], imposed: null, claimDelayMs: 60_000, claims: [{ absent: "gm", since: 0, allowedAt: 0 }] } };
  const match = connection(trpg.viewFor(state, seatViewer("p1")), clock);
  render(<TrpgTable matchId="m-trpg" seat="p1" match={match} banner={null} />);
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Claim the win" }));
  });
  expect(match.claim).toHaveBeenCalledWith("gm", "win");
});

/** A claim against `absent`, allowed now. */
const claimable = (absent: string): ClockInfo => ({ receivedAt: 0, field: { at: 0, kind: null, clocks: [], imposed: null, claimDelayMs: 30_000, claims: [{ absent, since: 0, allowedAt: 0 }] } });

/** A Siege match played by seeded random bots until the attack acts (the defence is not awaited). */
function siegeWhileAttackActs(): SiegeState {
  const setup: SiegeSetup = { mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } };
  const match = new Match(siege, setup, "shell-leave") as unknown as { state: SiegeState; submit(seat: string, c: SiegeCommand): { ok: boolean } };
  const bots = { a1: new RandomBot<SiegeCommand>("a1", siegeBotPolicy), d1: new RandomBot<SiegeCommand>("d1", siegeBotPolicy) };
  for (let i = 0; i < 4000; i++) {
    const s = match.state;
    if (s.phase === "action" && s.activation !== null && s.step % 2 === 0) return s;
    const seat = (["a1", "d1"] as const).find((x) => siege.legalCommands(s, x).length > 0)!;
    match.submit(seat, bots[seat].choose(siege.legalCommands(s, seat))!);
  }
  throw new Error("the attack never acted");
}

/** The four tables, each for a seat with a claim against a seat of the other side. */
function tables(): { name: string; seat: string; absent: string; draw: (match: MatchConnection, seat: string | null) => ReactElement; view: (seat: string | null) => unknown }[] {
  const emberMuster = ember.setup({ scenario: "ashfall", seats: ["p1", "p2"] }, "shell-leave").state;
  const armies = { p1: emberCatalog.data.armies[0]!, p2: emberCatalog.data.armies[2]! };
  const emberBattle = ember.setup({ scenario: "ashfall", seats: ["p1", "p2"], armies }, "shell-leave").state;
  const siegeState = siegeWhileAttackActs();
  const sigmarState = sigmar.setup({ seats: ["p1", "p2"] }, "shell-leave").state;
  const gm: TrpgSetup = { scenario: "proving_ground", mode: "gm", enemies: encounter("proving_ground"), seats: { party: ["p1"], enemies: ["gm"] } };
  const trpgState = trpg.setup(gm, "shell-leave").state;
  const viewer = (seat: string | null) => (seat ? seatViewer(seat) : spectator);
  return [
    { name: "EMBER, mustering", seat: "p1", absent: "p2", view: (s) => ember.viewFor(emberMuster, viewer(s)), draw: (m, s) => <EmberConnected matchId="m" seat={s} match={m} banner={null} /> },
    { name: "EMBER, in battle", seat: "p2", absent: "p1", view: (s) => ember.viewFor(emberBattle, viewer(s)), draw: (m, s) => <EmberConnected matchId="m" seat={s} match={m} banner={null} /> },
    { name: "Siege, the defence while the attack acts", seat: "d1", absent: "a1", view: (s) => siege.viewFor(siegeState, viewer(s)), draw: (m, s) => <SiegeTable matchId="m" seat={s} match={m} banner={null} /> },
    { name: "Age of Sigmar, mustering", seat: "p2", absent: "p1", view: (s) => sigmar.viewFor(sigmarState, viewer(s)), draw: (m, s) => <SigmarTable matchId="m" seat={s} match={m} banner={null} /> },
    { name: "the TRPG, the party against the absent game master", seat: "p1", absent: "gm", view: (s) => trpg.viewFor(trpgState, viewer(s)), draw: (m, s) => <TrpgTable matchId="m" seat={s} match={m} banner={null} /> },
    { name: "the TRPG, the game master against the absent party", seat: "gm", absent: "p1", view: (s) => trpg.viewFor(trpgState, viewer(s)), draw: (m, s) => <TrpgTable matchId="m" seat={s} match={m} banner={null} /> },
  ];
}

test("every ruleset's table: the same Concede question and claim buttons, sent as the protocol's concede and claim; a spectator sees neither", async () => {
  const words = new Set<string>();
  for (const table of tables()) {
    const match = connection(table.view(table.seat), claimable(table.absent));
    const { container, unmount } = render(table.draw(match, table.seat));
    const panel = container.querySelector<HTMLElement>("section.abandonment");
    if (!panel) throw new Error(`${table.name}: no leaving panel`);
    const inside = within(panel);
    expect([table.name, inside.getByRole("status").querySelector("p")?.textContent]).toEqual([table.name, expect.stringMatching(/has been away for 0:30: you may claim the match\.$/)]);
    await act(async () => {
      fireEvent.click(inside.getByRole("button", { name: "Claim the win" }));
    });
    expect([table.name, (match.claim as jest.Mock).mock.calls]).toEqual([table.name, [[table.absent, "win"]]]);
    fireEvent.click(inside.getByRole("button", { name: "Concede" }));
    const question = inside.getByRole("group").getAttribute("aria-label");
    await act(async () => {
      fireEvent.click(inside.getByRole("button", { name: "Yes, concede" }));
    });
    expect([table.name, (match.concede as jest.Mock).mock.calls.length, (match.send as jest.Mock).mock.calls]).toEqual([table.name, 1, []]);
    words.add(`${question} | ${inside.getAllByRole("button").map((b) => b.textContent).join(", ")}`);
    unmount();
    const watcher = render(table.draw(connection(table.view(null), claimable(table.absent)), null));
    expect([table.name, watcher.container.querySelector("section.abandonment"), watcher.queryByRole("button", { name: "Concede" })]).toEqual([table.name, null, null]);
    cleanup();
  }
  expect([...words]).toEqual(["Concede the match? Your side loses. This cannot be undone. | Claim the win, Claim a draw, Concede"]);
});
