/**
 * The concede and claim controls every ruleset's table offers (the shared route body and the
 * shared Concede control): Age of Sigmar's table has a Concede button, also while mustering, that
 * sends its concede command after a confirmation; the TRPG's table offers the abandonment claim
 * against a disconnected seat of the other side, and the claim goes to the server.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { seatViewer } from "@fogwar/engine";
import { sigmar } from "@fogwar/sigmar";
import { trpg, type TrpgSetup } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import type { MatchConnection } from "../src/net/useMatch";
import type { ClockInfo } from "../src/table/clock";
import { SigmarTable } from "../src/rulesets/sigmar/SigmarTable";
import { TrpgTable } from "../src/rulesets/trpg/TrpgTable";
import { commandText } from "../src/rulesets/sigmar/commands";
import i18next from "i18next";
import { inEnglish } from "./english";

inEnglish();
jest.setTimeout(30_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

/** An open connection holding `view`, with the clocks `clock`; `send` and `claim` are recorded. */
function connection(view: unknown, clock: ClockInfo | null = null): MatchConnection {
  return {
    status: "open",
    error: null,
    welcome: { rulesVersion: undefined, spectatorDelay: 0 },
    seq: 1,
    view,
    caster: null,
    connected: {},
    spectators: 0,
    events: [],
    clock,
    send: jest.fn(async () => ({ ok: true, seq: 2 })),
    claim: jest.fn(async () => ({ ok: true, seq: 2 })),
  } as unknown as MatchConnection;
}

test("Age of Sigmar: a seat concedes while mustering, after confirming; a spectator has no Concede button; the command has a label", async () => {
  const state = sigmar.setup({ seats: ["p1", "p2"] }, "web-concede").state;
  expect(state.phase).toBe("muster");
  const match = connection(sigmar.viewFor(state, seatViewer("p1")));
  const { unmount } = render(<SigmarTable matchId="m-sigmar" seat="p1" match={match} banner={null} />);
  fireEvent.click(screen.getByRole("button", { name: "Concede" }));
  expect(match.send).not.toHaveBeenCalled();
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Yes, concede" }));
  });
  expect(match.send).toHaveBeenCalledWith({ type: "concede" });
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
