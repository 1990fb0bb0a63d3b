/**
 * The exchange of fire's decision on the Siege table (seed 004_cb264102299fbb71.txt "사격 교환":
 * the holder that survives the challenger's shot may fire back). A match brought by commands to
 * the moment: Haze climbs to the roof loft and contests the access point 1,1 that Rook's watch
 * token holds; Rook fights, survives Haze's shot (at most 3 of its 4 health) and the defence is
 * asked. The defence gets one button per answer, firing back first and marked as the main one;
 * everything is said in words, in English and Korean, with no raw id; the attack only reads
 * what is being decided.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { Match, canonicalJson, seatViewer } from "@fogwar/engine";
import { legalCommandsInView, siege, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState, type SiegeView } from "@fogwar/siege";
import { SiegeTableView } from "./SiegeTableView";
import { describeCommand } from "./sentences";
import { inEnglish } from "../../../test/english";
import { NAMES, withNames } from "../../../test/players";
import { SIEGE_SEAT_IDS, problems, readable } from "../../../test/readable";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const SETUP: SiegeSetup = { mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } };
type SiegeMatch = Match<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, SiegeView>;

/** Each defence operator's real token, then its decoy: Rook's real one in the loft holding 1,1, the others out of sight. */
const TOKENS: [string, [string, { facing: "W" } | { ap: string }], [string, { facing: "W" }]][] = [
  ["fennel", ["1,4", { facing: "W" }], ["2,4", { facing: "W" }]],
  ["keel", ["1,5", { facing: "W" }], ["2,5", { facing: "W" }]],
  ["lattice", ["1,6", { facing: "W" }], ["2,6", { facing: "W" }]],
  ["quill", ["1,7", { facing: "W" }], ["2,7", { facing: "W" }]],
  ["rook", ["up:loft", { ap: "1,1" }], ["4,7", { facing: "W" }]],
];

/** The match at the defence's decision to fire back. */
function atExchange(): SiegeMatch {
  const match = new Match(siege, SETUP, "web-fire-back") as unknown as SiegeMatch;
  const commands: [string, SiegeCommand][] = [
    ["a1", { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { breach_charge: 1, drone: 1, frag_grenade: 1, flashbang: 1, smoke_grenade: 1 } }],
    ["d1", { type: "pick", operators: ["fennel", "keel", "lattice", "quill", "rook"], inventory: { barbed_wire: 1, c4: 2, impact_grenade: 2 } }],
    ["d1", { type: "place_gadget", gadget: "barbed_wire", at: "6,8" }],
    ...TOKENS.flatMap(([operator, real, decoy]): [string, SiegeCommand][] => [
      ["d1", { type: "place_token", operator, at: real[0], watch: real[1], real: true }],
      ["d1", { type: "place_token", operator, at: decoy[0], watch: decoy[1], real: false }],
    ]),
    ["d1", { type: "end_setup" }],
    ...(
      [
        ["auger", "0,9"],
        ["bulwark", "1,9"],
        ["cinder", "2,9"],
        ["haze", "11,5"],
        ["lantern", "5,9"],
      ] as const
    ).map(([operator, at]): [string, SiegeCommand] => ["a1", { type: "deploy", operator, at, facing: null }]),
    ["a1", { type: "activate", operator: "haze" }],
    ["a1", { type: "step", operator: "haze", to: "up:loft" }],
    ["a1", { type: "watch", operator: "haze", watches: [{ ap: "1,1" }] }],
    ["d1", { type: "contest", fight: true }],
  ];
  for (const [seat, command] of commands) {
    const r = match.submit(seat, command);
    if (!r.ok) throw new Error(`${seat} ${JSON.stringify(command)}: ${r.error.code}`);
  }
  return match;
}

function renderFor(match: SiegeMatch, seat: string) {
  const viewer = seatViewer(seat);
  const view = siege.viewFor(match.state, viewer);
  const legal = legalCommandsInView(view, seat);
  const log = match.toLog();
  const redact = (envs: readonly unknown[]) => envs.map((e) => siege.redact(e as Parameters<typeof siege.redact>[0], viewer)).filter((e): e is SiegeEvent => e !== null);
  const events = [{ seq: 0, events: redact(log.setupEvents) }, ...log.entries.map((e) => ({ seq: e.seq, events: redact(e.events) }))];
  const onCommand = jest.fn();
  const utils = render(withNames(<SiegeTableView matchId="m" view={view} seat={seat} legal={legal} onCommand={onCommand} events={events} />));
  return { ...utils, view, legal, onCommand };
}

const page = { seatIds: SIEGE_SEAT_IDS, names: Object.values(NAMES) };

inEnglish();

describe("seed 004 사격 교환: the holder's team is asked whether to fire back", () => {
  let match: SiegeMatch;
  beforeAll(() => {
    match = atExchange();
  });

  test("the match is at the decision: the defence, holding 1,1 with Rook, may fire back at Haze or not", () => {
    expect(match.state.pending).toEqual({ kind: "return_fire", team: "defence", ap: "1,1", challenger: "haze", holder: "rook" });
    expect(siege.legalCommands(match.state, "d1")).toEqual([{ type: "return_fire", fire: true }, { type: "return_fire", fire: false }]);
  });

  test("in English: the decision in words, and one click on the main button fires back; the other button does not", () => {
    const { container, legal, onCommand } = renderFor(match, "d1");
    expect(container.querySelector(".pending")?.textContent).toBe("! Exchange of fire at access point Net loft B2: Rook survived Haze's shot; Defence may fire back");
    const group = screen.getByRole("group", { name: "Fire back?" });
    const buttons = within(group).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Fire back at Haze", "Do not fire back"]);
    expect(buttons[0]!.className).toBe("primary");
    expect(buttons[1]!.className).toBe("");
    expect(group.textContent).toContain("Firing back is the usual answer, and the one taken if your time runs out.");
    fireEvent.click(buttons[0]!);
    expect(onCommand).toHaveBeenLastCalledWith({ type: "return_fire", fire: true });
    fireEvent.click(buttons[1]!);
    expect(onCommand).toHaveBeenLastCalledWith({ type: "return_fire", fire: false });
    for (const [sent] of onCommand.mock.calls) expect(legal.map(canonicalJson)).toContain(canonicalJson(sent));
    expect(problems(readable(container), "en", page)).toEqual([]);
  });

  test("in Korean: the same decision and buttons in Korean, with no raw id and no English word", async () => {
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    const { container, onCommand } = renderFor(match, "d1");
    expect(container.querySelector(".pending")?.textContent).toBe("! 진입로 그물 창고 B2 사격 교환: 룩이 헤이즈의 사격을 버텼습니다. 방어팀이 대응 사격할 수 있습니다");
    const group = screen.getByRole("group", { name: "대응 사격할까요?" });
    const buttons = within(group).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["헤이즈에게 대응 사격", "대응 사격하지 않음"]);
    expect(buttons[0]!.className).toBe("primary");
    fireEvent.click(buttons[0]!);
    expect(onCommand).toHaveBeenLastCalledWith({ type: "return_fire", fire: true });
    expect(problems(readable(container), "ko", page)).toEqual([]);
  });

  test("the attack reads what is being decided and has nothing to answer; each answer reads as words in the log of commands, in both languages", async () => {
    const { container } = renderFor(match, "a1");
    expect(screen.queryByRole("group", { name: "Fire back?" })).toBeNull();
    expect(container.querySelector(".pending")?.textContent).toContain("Defence may fire back");
    expect(problems(readable(container), "en", page)).toEqual([]);
    const words = () => ({ t: i18next.getFixedT(null, "siege"), language: i18next.language });
    expect(describeCommand(words(), { type: "return_fire", fire: true })).toBe("Fire back");
    expect(describeCommand(words(), { type: "return_fire", fire: false })).toBe("Do not fire back");
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    expect(describeCommand(words(), { type: "return_fire", fire: true })).toBe("대응 사격");
    expect(describeCommand(words(), { type: "return_fire", fire: false })).toBe("대응 사격하지 않음");
  });
});
