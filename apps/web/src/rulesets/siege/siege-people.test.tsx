/**
 * The Siege table as people use it (seed 004_cb264102299fbb71.txt): places, walls, doors,
 * windows and components named in words with coordinates, coordinates along the map's edges,
 * the defence's token picker naming its real token, clicking the map to act, and no raw id on
 * the page in English or Korean. States are made by the engine's random bots with Siege's bot
 * policy and projected for one viewer with `viewFor`.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { Match, RandomBot, canonicalJson, seatViewer, spectator, type Viewer } from "@fogwar/engine";
import { board, legalCommandsInView, siege, siegeBotPolicy, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState } from "@fogwar/siege";
import { SiegeTableView } from "./SiegeTableView";
import { partitionName, placeName, type SiegeWords } from "./words";
import { describeCommand } from "./sentences";
import { inEnglish } from "../../../test/english";

jest.setTimeout(30_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const SETUP: SiegeSetup = { mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } };
type SiegeMatch = Match<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, never>;

function playUntil(pred: (s: SiegeState) => boolean, seed: string, max = 4000): SiegeMatch {
  const match = new Match(siege, SETUP, seed) as unknown as SiegeMatch;
  const bots = new Map(["a1", "d1"].map((s) => [s, new RandomBot<SiegeCommand>(`${seed}:${s}`, siegeBotPolicy)]));
  for (let n = 0; n < max && !pred(match.state); n++) {
    if (match.state.result) break;
    const seat = siege.awaiting(match.state)[0] as string;
    const r = match.submit(seat, bots.get(seat)!.choose(siege.legalCommands(match.state, seat))!);
    if (!r.ok) throw new Error(r.error.code);
  }
  if (!pred(match.state)) throw new Error("state not reached");
  return match;
}

function renderFor(match: SiegeMatch, seat: string | null) {
  const viewer: Viewer = seat ? seatViewer(seat) : spectator;
  const view = siege.viewFor(match.state, viewer);
  const legal = seat ? legalCommandsInView(view, seat) : [];
  const log = match.toLog();
  const redact = (envs: readonly unknown[]) => envs.map((e) => siege.redact(e as Parameters<typeof siege.redact>[0], viewer)).filter((e): e is SiegeEvent => e !== null);
  const events = [{ seq: 0, events: redact(log.setupEvents) }, ...log.entries.map((e) => ({ seq: e.seq, events: redact(e.events) }))];
  const onCommand = jest.fn();
  const utils = render(<SiegeTableView matchId="m" view={view} seat={seat} legal={legal} onCommand={onCommand} events={events} />);
  return { ...utils, view, legal, onCommand };
}

/** What a reader gets: the text, every accessible name and every tooltip. */
function readable(container: HTMLElement): string {
  const labels = [...container.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label"));
  const titles = [...container.querySelectorAll("title")].map((e) => e.textContent);
  return [container.textContent, ...labels, ...titles].join("\n");
}

const words = (): SiegeWords => ({ t: i18next.getFixedT(null, "siege"), language: i18next.language });

inEnglish();

describe("names in words with coordinates", () => {
  test("doors, windows and walls are named from the map data, with the squares they lie between in words (never the map's \"A6|B6\"), in English and Korean", async () => {
    const view = { map: "saltmarsh_cannery" };
    expect(partitionName(words(), "door_west", view)).toBe("west door of Cold store (between A6 and B6)");
    expect(partitionName(words(), "door_loft", view)).toBe("door between Net loft and Smokehouse (between F3 and G3)");
    expect(partitionName(words(), "window_north", view)).toBe("north window of Net loft (between C1 and C2)");
    expect(partitionName(words(), "wall_ledger_east", view)).toBe("reinforced wall between Ledger room and Packing floor (between G5 and H5, G6 and H6)");
    expect(placeName(words(), "2,3", "saltmarsh_cannery")).toBe("Net loft C4");
    expect(placeName(words(), "0,0", "saltmarsh_cannery")).toBe("A1 (outside)");
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    // The squares follow the name with no space, as Korean writes a gloss, so a particle after it follows the name.
    expect(partitionName(words(), "door_west", view)).toBe("냉동 창고 서쪽 문(A6과 B6 사이)");
    expect(partitionName(words(), "door_loft", view)).toBe("그물 창고·훈제실 사이 문(F3과 G3 사이)");
    // A particle as the square's last digit is read (5 오: 와; 6 육: 과).
    expect(partitionName(words(), "wall_ledger_east", view)).toMatch(/벽\(G5와 H5, G6과 H6 사이\)$/);
    // A breach of a window reads 창문…을, as the name ends, not 를 for the gloss's 사이.
    expect(describeCommand(words(), { type: "breach", operator: "rook", target: "window_north" }, view)).toBe("룩이 그물 창고 북쪽 창문(C1과 C2 사이)을 파괴");
    expect(placeName(words(), "2,3", "saltmarsh_cannery")).toBe("그물 창고 C4");
  });

  test("the map has its column letters along the top and its row numbers down the left", () => {
    const done = playUntil((s) => s.phase === "action", "people-coords");
    const { container } = renderFor(done, null);
    const coords = [...container.querySelectorAll("svg .coords text")].map((e) => e.textContent);
    expect(coords).toEqual([..."ABCDEFGHIJKL", ...Array.from({ length: 10 }, (_, i) => String(i + 1))]);
    expect(container.querySelector('svg [data-place="2,3"] title')?.textContent).toBe("Net loft C4");
  });

  test.each(["en", "ko"])("no raw id, NaN or undefined anywhere a reader looks, for the defence, the attack and a spectator (%s)", async (language) => {
    await act(async () => {
      await i18next.changeLanguage(language);
    });
    for (const seed of ["people-ids-1", "people-ids-2"]) {
      const match = playUntil((s) => s.result !== null || (s.phase === "action" && s.round >= 2), seed);
      for (const seat of ["d1", "a1", null]) {
        const { container, view, unmount } = renderFor(match, seat);
        const text = readable(container);
        expect(text).not.toMatch(/NaN|undefined|\[object/);
        const ids = [...view.tokens.map((t) => t.id), ...view.gadgets.map((g) => g.id), ...Object.keys(view.partitions).filter((id) => /_/.test(id))];
        for (const id of ids) expect({ id, found: text.includes(id) }).toEqual({ id, found: false });
        expect(text).not.toMatch(/\b(door|window|wall|cam|wire|hatch)_[a-z0-9_]+/);
        unmount();
      }
    }
  });
});

describe("the defence's secret tokens", () => {
  test("the token picker and the token list say which token is real and which is the decoy", () => {
    const match = playUntil((s) => {
      if (s.phase !== "action" || s.pending || !s.activation || !s.operators[s.activation.operator]?.hidden) return false;
      return siege.legalCommands(s, "d1").some((c) => c.type === "step" && "token" in c);
    }, "people-tokens");
    const { container, view } = renderFor(match, "d1");
    const op = view.activation!.operator;
    const name = container.querySelector(`[data-operator="${op}"] strong`)?.textContent ?? "";
    const list = screen.getByRole("region", { name: "Your secret tokens" });
    expect(list.textContent).toMatch(new RegExp(`${name}'s real token at .+ · ${name}'s decoy token at `));
    // Moving a hidden operator: first which token, named real or decoy (on the map: its ★ token).
    const picker = container.querySelector('select[data-field="token"]') as HTMLSelectElement;
    expect(picker).not.toBeNull();
    const options = [...picker.options].map((o) => o.textContent);
    expect(options.some((o) => o?.startsWith(`${name}'s real token at `))).toBe(true);
    expect(options.some((o) => o?.startsWith(`${name}'s decoy token at `))).toBe(true);
    expect(container.querySelectorAll(`svg .token.pickable`)).toHaveLength(view.tokens.filter((t) => t.operator === op && !t.at.startsWith("up:")).length);
  });

  test("seed 004 섬광탄: a token's stun marker is drawn and named alike on a real token and a decoy for the attack", () => {
    const match = playUntil((s) => s.phase === "action" && Object.values(s.operators).some((o) => o.hidden && s.tokens.filter((t) => t.operator === o.id && !t.at.startsWith("up:")).length === 2), "people-stun");
    const state = structuredClone(match.state);
    const op = Object.values(state.operators).find((o) => o.hidden && state.tokens.filter((t) => t.operator === o.id && !t.at.startsWith("up:")).length === 2)!.id;
    for (const t of state.tokens) if (t.operator === op) t.stunned = true;
    const view = siege.viewFor(state, seatViewer("a1"));
    const { container } = render(<SiegeTableView matchId="m" view={view} seat="a1" legal={[]} onCommand={jest.fn()} events={[]} />);
    const drawn = [...container.querySelectorAll("svg .token")].filter((g) => g.querySelector(".stun-marker"));
    expect(drawn).toHaveLength(2);
    // Only the place differs: the same class, label, text and marker.
    const markup = drawn.map((g) => g.outerHTML.replace(/translate\([^)]*\)/g, ""));
    expect(markup[0]).toBe(markup[1]);
    expect(drawn[0]!.getAttribute("aria-label")).toMatch(/: secret token · stun marker$/);
  });

  test("the defence setup names the token it places: real or decoy", () => {
    const match = playUntil((s) => s.phase === "defence_setup" && siege.legalCommands(s, "d1").some((c) => c.type === "place_token" && !c.real), "people-setup");
    const { container } = renderFor(match, "d1");
    const real = container.querySelector('select[data-field="real"]') as HTMLSelectElement | null;
    const texts = real ? [...real.options].map((o) => o.textContent) : [];
    expect(texts.length === 0 || texts.join(",") === "Real token,Decoy token").toBe(true);
    expect(readable(container)).not.toMatch(/NaN/);
  });

  test("seed 004 세팅 1: moving or removing a component offers \"remove\" beside the places, and choosing the component does not break the page", () => {
    const match = playUntil((s) => s.phase === "defence_setup" && siege.legalCommands(s, "d1").some((c) => c.type === "edit_component" && c.to === null), "people-edit");
    const { container } = renderFor(match, "d1");
    fireEvent.click(container.querySelector('.siege-controls .kinds button[data-kind="edit_component"]')!);
    const component = container.querySelector('select[data-field="component"]') as HTMLSelectElement | null;
    if (component) fireEvent.change(component, { target: { value: [...component.options].find((o) => o.value !== "")!.value } });
    const to = container.querySelector('select[data-field="to"]') as HTMLSelectElement;
    expect(to).not.toBeNull();
    expect([...to.options].map((o) => o.textContent)).toContain("Remove it from the map");
    expect(readable(container)).not.toMatch(/NaN|null/);
  });
});

describe("clicking the map", () => {
  test("with no activation, clicking one of your operators on the map activates it", () => {
    const match = playUntil((s) => s.phase === "action" && !s.pending && !s.activation && s.step % 2 === 0 && s.activations === 0, "people-activate");
    const { container, legal, onCommand } = renderFor(match, "a1");
    const model = container.querySelector("svg .model.pickable") as SVGElement;
    expect(model).not.toBeNull();
    fireEvent.click(model);
    const sent = onCommand.mock.calls[0][0] as SiegeCommand;
    expect(sent.type).toBe("activate");
    expect(legal.map((c) => canonicalJson(c))).toContain(canonicalJson(sent));
  });

  test("during an activation, Move is chosen and clicking a highlighted square sends the direct step there", () => {
    const match = playUntil((s) => s.phase === "action" && !s.pending && s.activation !== null && s.step % 2 === 0 && siege.legalCommands(s, "a1").some((c) => c.type === "step" && !("via" in c)), "people-move");
    const { container, legal, onCommand } = renderFor(match, "a1");
    expect(screen.getByRole("button", { name: "Move", pressed: true })).toBeTruthy();
    const direct = legal.find((c): c is Extract<SiegeCommand, { type: "step" }> => c.type === "step" && !("via" in c) && !c.to.startsWith("up:"))!;
    const square = container.querySelector(`svg .cell.target[data-place="${direct.to}"]`) as SVGElement;
    expect(square.getAttribute("role")).toBe("button");
    fireEvent.click(square);
    expect(onCommand).toHaveBeenCalledWith(direct);
  });

  test("the keyboard path: the same choice from the list, then the Do-it button", () => {
    const match = playUntil((s) => s.phase === "action" && !s.pending && s.activation !== null && s.step % 2 === 0 && siege.legalCommands(s, "a1").some((c) => c.type === "step" && !("via" in c)), "people-move");
    const { container, legal, onCommand } = renderFor(match, "a1");
    const select = container.querySelector('select[data-field="to"]') as HTMLSelectElement;
    const direct = legal.find((c): c is Extract<SiegeCommand, { type: "step" }> => c.type === "step" && !("via" in c))!;
    fireEvent.change(select, { target: { value: canonicalJson(direct.to) } });
    expect(onCommand).not.toHaveBeenCalled();
    fireEvent.click(container.querySelector(".command-list button") as HTMLButtonElement);
    expect(onCommand).toHaveBeenCalledWith(direct);
  });
});

describe("placing a gadget (seed 004 전술 도구, 인접판정)", () => {
  test("choosing the drone highlights only the legal spaces: adjacent to the operator (not through a wall or barricade), inside, empty", () => {
    const hasDrone = (s: SiegeState) => siege.legalCommands(s, "a1").some((c) => c.type === "gadget" && c.gadget === "drone");
    const match = playUntil((s) => s.phase === "action" && !s.pending && s.activation !== null && s.step % 2 === 0 && hasDrone(s), "people-drone");
    const { container, legal, view } = renderFor(match, "a1");
    fireEvent.click(container.querySelector('.kinds button[data-kind="gadget"]') as HTMLButtonElement);
    // Which gadget is asked (buttons) when the team has more than one to use.
    const drone = [...container.querySelectorAll('button[data-answer="gadget"]')].find((b) => b.textContent === "Drone");
    if (drone) fireEvent.click(drone);
    const drones = legal.filter((c): c is Extract<SiegeCommand, { type: "gadget" }> => c.type === "gadget" && c.gadget === "drone");
    const from = view.operators[drones[0]!.operator]!.at!;
    const lit = new Set([...container.querySelectorAll("svg .cell.target")].map((e) => e.getAttribute("data-place")));
    const places = new Set(drones.map((c) => c.at));
    // The squares to place it on wait for a click; with one only, the map waits for where it flies.
    expect(lit).toEqual(places.size > 1 ? places : new Set(drones.map((c) => c.aim)));
    for (const at of places) {
      expect(at).not.toBe(from);
      expect(board.terrainAdjacent(view, from, at)).toBe(true);
      expect(board.isOutside(board.geometry(view.map), at)).toBe(false);
    }
  });
});

describe("concession (docs/rules/siege.md, project decision)", () => {
  test("a seat concedes for its team also while the other team acts: its concession (the shared Concede, test/shell-controls.test.tsx) goes through the rules; the view draws no concede of its own", () => {
    // The defence is not awaited: the attack is in its activation.
    const match = playUntil((s) => s.phase === "action" && s.activation !== null && s.step % 2 === 0, "people-concede");
    expect(siege.legalCommands(match.state, "d1")).toEqual([]);
    const { container, unmount } = renderFor(match, "d1");
    expect(container.querySelector("button.concede")).toBeNull();
    unmount();
    expect(match.submit("d1", { type: "concede" }).ok).toBe(true);
    expect(match.state.result).toMatchObject({ winner: "a1", reason: "attack: conceded" });
  });

  test("after a concession the result names the winning team and the team that conceded", () => {
    const match = playUntil((s) => s.phase === "action", "people-conceded");
    expect(match.submit("d1", { type: "concede" }).ok).toBe(true);
    const { container } = renderFor(match, "a1");
    expect(container.querySelector(".result")?.textContent).toContain("Attack wins");
    expect(container.querySelector(".result")?.textContent).toContain("Defence conceded");
    expect(container.querySelector("button.concede")).toBeNull();
  });
});
