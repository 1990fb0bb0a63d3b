/**
 * What new players' first Siege matches (seed 004_cb264102299fbb71.txt) tripped over, in English
 * and Korean: the last operator left to deploy is named in the bar (its list had nothing left to
 * choose, so nothing said who was being placed); the operators' marks on the map are all different
 * and fit their models and tokens (two operators read "LA", and a Korean token "?래티" was clipped);
 * the command kind goes back to the preselected one once a command is sent (a player who had
 * watched once found Watch still chosen, its button the main one); operators are listed by their
 * displayed names (a Korean list followed the English ids), the deployment preselecting the first
 * of its list (it preselected the first English id, mid-list in Korean); and a reroll whose kept dice already
 * take the target down offers keeping them as the main choice; and the Operators list and the
 * map's legend say which operator each mark stands for (랜 and 래 looked alike, unexplained).
 * States are reached by commands through the engine.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, within } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { catalog, legalCommandsInView, siege, type SiegeCommand } from "@fogwar/siege";
import { operatorMark } from "./words";
import { inEnglish } from "../../../test/english";
import { runSiege } from "../../../test/siege-play";
import { defenceReady, facing, show } from "../../../test/siege-table";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(30_000);
inEnglish();
beforeEach(() => localStorage.clear());
afterEach(() => i18next.changeLanguage("en"));

const korean = () => act(async () => void (await i18next.changeLanguage("ko")));
const names = (language: string) => [...catalog.operators.keys()].map((id) => ({ id, name: catalog.operators.get(id)!.name[language as "en" | "ko"] }));

/** The attack deploying: every operator but Lantern on the map. */
function lastToDeploy() {
  let s = defenceReady();
  for (const [op, at] of Object.entries({ auger: "0,9", bulwark: "1,9", cinder: "2,9", haze: "8,0" })) s = runSiege(s, [["a1", { type: "deploy", operator: op, at, facing: null }]]);
  return s;
}

describe("seed 004 공격팀 배치: the operator being deployed is named", () => {
  test("the last operator left to deploy is named in the bar, in English and Korean", async () => {
    const { container, unmount } = show(lastToDeploy(), "a1");
    expect(container.querySelector(".siege-controls [data-fixed=operator]")?.textContent).toBe("Deploying Lantern, the last operator left to deploy");
    unmount();
    await korean();
    expect(show(lastToDeploy(), "a1").container.querySelector(".siege-controls [data-fixed=operator]")?.textContent).toBe("마지막으로 배치할 오퍼레이터: 랜턴");
  });

  test("while several are left the list names them, and no single operator is announced", () => {
    let s = defenceReady();
    s = runSiege(s, [["a1", { type: "deploy", operator: "auger", at: "0,9", facing: null }]]);
    const { container } = show(s, "a1");
    expect(container.querySelector(".siege-controls [data-fixed=operator]")).toBeNull();
    expect(container.querySelector(".siege-controls select[data-field=operator]")).not.toBeNull();
  });
});

/** About how wide a mark is drawn, in ems: a Hangul syllable is a full em, a capital about 0.72, a sign (★ · ? ✝) 0.7. */
const ems = (text: string) => [...text].reduce((sum, c) => sum + (/[\uac00-\ud7a3]/.test(c) ? 1 : /[A-Z]/.test(c) ? 0.72 : 0.7), 0);

/** Each operator drawn on `container`'s map (models and secret tokens, by the name their label starts with): its marks, and whether each fits its shape. */
function marks(container: HTMLElement, language: string) {
  const ops = names(language).sort((a, b) => b.name.length - a.name.length);
  const out = new Map<string, Set<string>>();
  const unfit: string[] = [];
  for (const g of container.querySelectorAll<SVGGElement>("svg g.model, svg g.token")) {
    const label = g.getAttribute("aria-label") ?? "";
    const op = ops.find((o) => label.includes(o.name))!;
    const text = g.querySelector("text")!;
    const mark = (text.textContent ?? "").replace(/^[★·?]/, "");
    out.set(op.id, new Set([...(out.get(op.id) ?? []), mark]));
    // A model is a circle of radius 14 (its mark's line a chord of about 24), a token a 26-wide square.
    if (ems(text.textContent ?? "") * Number(text.getAttribute("font-size")) > 24) unfit.push(text.textContent ?? "");
  }
  return { out, unfit };
}

describe("seed 004 오퍼레이터: the operators' marks on the map", () => {
  test.each(["en", "ko"])("every operator drawn has one mark of its own, which fits its model or token and lies over the objective's name (%s)", async (language) => {
    if (language === "ko") await korean();
    for (const seat of ["a1", "d1"]) {
      const { container, unmount } = show(facing(), seat);
      const { out, unfit } = marks(container, language);
      expect(out.size).toBe(10);
      for (const [op, set] of out) expect([op, set.size]).toEqual([op, 1]);
      const all = [...out.values()].map((set) => [...set][0]);
      expect(new Set(all).size).toBe(all.length);
      expect(unfit).toEqual([]);
      // The objective's name is drawn under them (an operator in its corner square was covered by it).
      const label = container.querySelector("svg .objective-label")!;
      for (const piece of container.querySelectorAll("svg g.model, svg g.token")) expect(label.compareDocumentPosition(piece) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      unmount();
    }
  });
});

/** The attack's round 1 with Auger activated (the rules' combat example). */
function augerActive() {
  return runSiege(facing(), [["a1", { type: "activate", operator: "auger" }]]);
}

describe("the command kind after a command is sent", () => {
  test("a sent Watch does not stay chosen: the controls go back to the preselected kind", () => {
    const { container, onCommand } = show(augerActive(), "a1");
    const controls = container.querySelector<HTMLElement>(".siege-controls")!;
    fireEvent.click(within(controls).getByRole("button", { name: "Watch" }));
    fireEvent.click(controls.querySelector("[data-command=watch]")!);
    expect(onCommand).toHaveBeenCalledWith(expect.objectContaining({ type: "watch", operator: "auger" }));
    expect(controls.querySelector("[aria-pressed=true]")?.getAttribute("data-kind")).toBe("step");
    expect(controls.querySelector("[data-command=watch]")).toBeNull();
  });

  test("with no usual kind to preselect (no move, no shot), none is chosen for the player: no action is the main button unasked", () => {
    const s = augerActive();
    const legal = legalCommandsInView(siege.viewFor(s, seatViewer("a1")), "a1").filter((c) => c.type === "watch" || c.type === "run" || c.type === "end_activation");
    const { container } = show(s, "a1", { legal });
    const controls = container.querySelector(".siege-controls")!;
    expect(controls.querySelector("[aria-pressed=true]")).toBeNull();
    expect(controls.querySelector(".command-list [data-command]")).toBeNull();
    expect([...controls.querySelectorAll(".kinds button")].map((b) => b.getAttribute("data-kind"))).toEqual(expect.arrayContaining(["watch", "run", "end_activation"]));
  });
});

describe("seed 004 오퍼레이터: a player can find which operator a map mark stands for", () => {
  const wordsIn = (language: string) => ({ t: i18next.getFixedT(language, "siege"), language });
  for (const language of ["en", "ko"] as const) {
    test(`the Operators list gives each operator's mark beside its name, the mark its model carries, and the legend names every mark (${language})`, async () => {
      if (language === "ko") await korean();
      const w = wordsIn(language);
      const { container } = show(facing(), "a1");
      const rows = [...container.querySelectorAll(".operators li")].map((li) => ({ id: li.getAttribute("data-operator")!, mark: li.querySelector(".op-mark")?.textContent, name: li.querySelector("strong")?.textContent }));
      expect(rows.length).toBe(10);
      for (const row of rows) expect(row).toEqual({ id: row.id, mark: operatorMark(w, row.id), name: catalog.operators.get(row.id)!.name[language] });
      // Lantern's model on the map carries the mark the list gives it.
      const lantern = [...container.querySelectorAll(".siege-map g.model")].find((g) => g.getAttribute("aria-label")?.startsWith(catalog.operators.get("lantern")!.name[language]))!;
      expect(lantern.querySelector("text")!.textContent).toBe(rows.find((r) => r.id === "lantern")!.mark);
      const legend = container.querySelector(".map-legend .legend-marks")!.textContent!;
      // A name that is its own mark (Korean 룩, 킬, 윅, 퀼) is written once, not "룩: 룩".
      for (const row of rows) {
        if (row.mark === row.name) expect([legend.includes(row.name!), legend.includes(`${row.mark}: ${row.name}`)]).toEqual([true, false]);
        else expect(legend).toContain(`${row.mark}: ${row.name}`);
      }
      expect(rows.some((r) => r.mark === r.name)).toBe(language === "ko");
      if (language === "ko") expect([operatorMark(w, "lantern"), operatorMark(w, "lattice")]).toEqual(["랜", "래"]);
    });
  }
});

describe("operators are listed by their displayed names", () => {
  const sorted = (list: readonly string[], language: string) => [...list].sort((a, b) => a.localeCompare(b, language));

  test("the pick lists the operators by name, in Korean by 가나다 (not by the English ids)", async () => {
    const fresh = () => siege.setup({ mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } }, "first-plays").state;
    const listed = (container: HTMLElement) => [...container.querySelectorAll(".pick-form .op-choice > strong")].map((e) => e.textContent ?? "");
    const en = show(fresh(), "a1");
    expect(listed(en.container)).toEqual(sorted(listed(en.container), "en"));
    en.unmount();
    await korean();
    const ko = listed(show(fresh(), "a1").container);
    expect(ko).toEqual(["랜턴", "불워크", "스카이라크", "신더", "오거", "헤이즈"]);
  });

  test("the table's operators: the attack's then the defence's, each by its Korean name", async () => {
    await korean();
    const { container } = show(facing(), "a1");
    const rows = [...container.querySelectorAll(".operators li")].map((li) => ({ team: li.classList.contains("op-attack") ? "attack" : "defence", name: li.querySelector("strong")!.textContent ?? "" }));
    const attack = rows.filter((r) => r.team === "attack").map((r) => r.name);
    const defence = rows.filter((r) => r.team === "defence").map((r) => r.name);
    expect(rows.map((r) => r.team)).toEqual([...attack.map(() => "attack"), ...defence.map(() => "defence")]);
    expect([attack, defence]).toEqual([sorted(attack, "ko"), sorted(defence, "ko")]);
    expect(attack).toEqual(["불워크", "신더", "오거", "헤이즈", "랜턴"].sort((a, b) => a.localeCompare(b, "ko")));
  });

  test("the deployment's operator list reads by name in Korean", async () => {
    await korean();
    const { container } = show(defenceReady(), "a1");
    const options = [...container.querySelectorAll(".siege-controls select[data-field=operator] option")].map((o) => o.textContent ?? "");
    expect(options).toEqual(["랜턴", "불워크", "신더", "오거", "헤이즈"]);
  });

  test("the deployment preselects the first operator of its list as displayed: in Korean 랜턴, not 오거 (the first English id) from mid-list", async () => {
    await korean();
    const { container } = show(defenceReady(), "a1");
    const select = container.querySelector<HTMLSelectElement>(".siege-controls select[data-field=operator]")!;
    expect(select.selectedOptions[0]?.textContent).toBe("랜턴");
    expect(select.selectedIndex).toBe(0);
  });
});

describe("seed 004 사격 3-5, reroll tokens: the main answer to a reroll question", () => {
  const LEGAL: SiegeCommand[] = [{ type: "keep" }, { type: "reroll", dice: [0] }, { type: "reroll", dice: [1] }, { type: "reroll", dice: [0, 1] }];
  /** The attack's reroll question after Haze's shot at Keel (protection 2) rolled `values` on two orange dice: the main button's command and text. */
  function main(values: [number, number]) {
    const s = facing();
    const view = structuredClone(siege.viewFor(s, seatViewer("a1")));
    view.pending = { kind: "reroll", team: "attack", shooter: "haze", target: "keel", distance: 1, protection: 2, dice: values.map((value) => ({ colour: "orange" as const, face: 0, value })) };
    const { container, unmount } = show(s, "a1", { view, legal: LEGAL });
    const button = container.querySelector(".siege-controls .command-list button.primary");
    const found = { command: button?.getAttribute("data-command"), text: button?.textContent, pressed: container.querySelector(".siege-controls [aria-pressed=true]")?.getAttribute("data-kind") };
    unmount();
    return found;
  }
  const health = catalog.operators.get("keel")!.health;

  test("kept dice that already take the target down: keeping them is the main choice", () => {
    expect(main([health, 2])).toEqual({ command: "keep", text: "Keep the dice", pressed: "keep" });
  });

  test("kept dice that leave the target standing: a reroll of the low dice stays the main choice", () => {
    expect(main([1, 2])).toEqual(expect.objectContaining({ command: "reroll", pressed: "reroll" }));
  });
});
