import { useState } from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { armyPoints, catalog, validateArmy, type ArmyList } from "@fogwar/ember";
import { setupI18n } from "../../i18n";
import { ArmyEditor } from "./ArmyEditor";
import { cloneArmy } from "./armyModel";

const i18n = setupI18n("en");

function Harness({ initial, onArmy }: { initial: ArmyList; onArmy?: (a: ArmyList) => void }) {
  const [army, setArmy] = useState(initial);
  return (
    <ArmyEditor
      label="Player 1"
      army={army}
      samples={catalog.data.armies}
      battleSize="skirmish"
      onChange={(a) => {
        setArmy(a);
        onArmy?.(a);
      }}
    />
  );
}

const sample = catalog.data.armies[0] as ArmyList;

describe("ArmyEditor (seed 001 2: army lists)", () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage("en"));
  });

  test("shows the sample army's point total against the skirmish limit, and that it is valid", () => {
    render(<Harness initial={cloneArmy(sample)} />);
    expect(screen.getByTestId("army-points").textContent).toContain(`Points: ${armyPoints(sample)} / 600`);
    expect(screen.getByTestId("army-points").textContent).toContain("within the limit");
    expect(screen.getByText(/The army is valid/)).toBeTruthy();
  });

  test("adding units updates the total live; over the limit the points bar turns red and the problem is said in words, with no rule reference in the text", () => {
    let latest: ArmyList = sample;
    render(<Harness initial={cloneArmy(sample)} onArmy={(a) => (latest = a)} />);
    const add = screen.getByRole("button", { name: /Add a drone/ });
    for (let i = 0; i < 8 && armyPoints(latest) <= 600; i++) fireEvent.click(add);
    const points = armyPoints(latest);
    expect(points).toBeGreaterThan(600);
    const bar = screen.getByTestId("army-points");
    expect(bar.textContent).toContain(`Points: ${points} / 600`);
    expect(bar.textContent).toContain("over the limit");
    expect(bar.className).toContain("over");
    expect(bar.getAttribute("data-over")).toBe("true");
    const problems = screen.getByRole("list", { name: "Army problems of Player 1" });
    expect(problems.textContent).toContain(`The army costs ${points} points, over the limit of 600.`);
    // The rule (seed file and section) is in a tooltip only, never in the words.
    expect(problems.textContent).not.toMatch(/\.txt|001_/);
    expect(problems.querySelector("li")?.getAttribute("title")).toMatch(/^Rule: 001_/);
  });

  test("+ Add a mech never picks a pilot already flying: with every pilot of the faction flying it is disabled and says why", () => {
    const pilots = catalog.data.pilots.filter((p) => p.faction === sample.faction);
    const mechs = sample.units.filter((u) => u.kind === "mech").length;
    let latest: ArmyList = sample;
    render(<Harness initial={cloneArmy(sample)} onArmy={(a) => (latest = a)} />);
    const add = screen.getByRole("button", { name: /Add a mech/ }) as HTMLButtonElement;
    if (mechs < pilots.length) fireEvent.click(add);
    const flown = latest.units.flatMap((u) => (u.kind === "mech" ? [u.pilot] : []));
    expect(new Set(flown).size).toBe(flown.length);
    expect(validateArmy(latest, "standard").some((p) => p.code === "duplicate_pilot")).toBe(false);
    expect((screen.getByRole("button", { name: /Add a mech/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("no-free-pilot").textContent).toContain("already flies a mech");
  });

  test("each chosen part and drone shows its stats (armour, evasion, actions with their dice)", () => {
    const { container } = render(<Harness initial={cloneArmy(sample)} />);
    const mech = sample.units.find((u) => u.kind === "mech")!;
    const torso = mech.kind === "mech" ? catalog.parts.get(mech.parts.torso)! : undefined;
    const stats = container.querySelector(`[data-stats="${torso!.id}"]`);
    expect(stats?.textContent).toContain(`Armour ${torso!.armour}`);
    expect(stats?.textContent).toContain(`Evasion ${torso!.evasion}`);
    const arm = mech.kind === "mech" ? catalog.parts.get(mech.parts.right_arm)! : undefined;
    const attack = arm!.actions.find((a) => a.effect.kind === "attack");
    if (attack) expect(container.querySelector(`[data-stats="${arm!.id}"]`)?.textContent).toContain(attack.name.en);
  });

  test("seed 000 1.2.4, 1.4: an attack's keywords follow its dice in the part's stats, each explained on hover and with a \"?\" button, in English and Korean", async () => {
    const vanguard = catalog.data.armies.find((a) => a.name === "Ironclad Vanguard") as ArmyList;
    const { container } = render(<Harness initial={cloneArmy(vanguard)} />);
    // Bulwark's Breaker Cannon: the breach shell has impact.
    const cannon = [...catalog.parts.values()].find((p) => p.actions.some((a) => a.effect.kind === "attack" && a.effect.keywords.includes("impact")))!;
    const stats = container.querySelector(`[data-stats="${cannon.id}"]`)!;
    const shell = cannon.actions.find((a) => a.effect.kind === "attack")!;
    expect(stats.textContent).toMatch(new RegExp(`${shell.name.en} \\(\\w+, shooting attack, range \\d+, \\d+ yellow \\d+ red, impact\\?`));
    const tip = stats.querySelector('[data-keyword="impact"]')!.closest(".rule-tip")!;
    expect(tip.getAttribute("title")).toBe(i18n.t("keywordHelp.impact", { ns: "table" }));
    const note = tip.querySelector('[role="note"]')!;
    expect(note.hasAttribute("hidden")).toBe(true);
    fireEvent.click(tip.querySelector("button")!);
    expect(note.hasAttribute("hidden")).toBe(false);
    await act(() => i18n.changeLanguage("ko"));
    expect(stats.querySelector('[data-keyword="impact"]')?.textContent).toBe("충격");
    expect(stats.querySelector('[data-keyword="impact"]')?.closest(".rule-tip")?.getAttribute("title")).toMatch(/^충격/);
  });

  test("choosing the same pilot twice gives the duplicate-pilot message; removing a unit updates the total", () => {
    let latest: ArmyList = sample;
    render(<Harness initial={cloneArmy(sample)} onArmy={(a) => (latest = a)} />);
    const pilotSelects = screen.getAllByLabelText("Pilot") as HTMLSelectElement[];
    expect(pilotSelects.length).toBeGreaterThanOrEqual(2);
    fireEvent.change(pilotSelects[1] as HTMLSelectElement, { target: { value: (pilotSelects[0] as HTMLSelectElement).value } });
    expect(screen.getByText(/already flies another mech/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove unit 2" }));
    expect(latest.units).toHaveLength(sample.units.length - 1);
    expect(screen.getByTestId("army-points").textContent).toContain(`Points: ${armyPoints(latest)} / 600`);
    expect(screen.queryByText(/already flies another mech/)).toBeNull();
  });

  test("an army without mechs is refused with the rules' message; a sample can be loaded back", () => {
    render(<Harness initial={{ name: "Drones", faction: "RDL", units: [{ kind: "drone", drone: "rdl-scrap-tortoise" }] }} />);
    expect(screen.getByText(/An army needs at least one mech\./)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Start from"), { target: { value: "0" } });
    expect(screen.getByText(/The army is valid/)).toBeTruthy();
  });

  test("Korean labels follow the seeds' terms", async () => {
    await act(() => i18n.changeLanguage("ko"));
    render(<Harness initial={cloneArmy(sample)} />);
    expect(screen.getAllByLabelText("파일럿").length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText("토르소").length).toBeGreaterThan(0);
    expect(screen.getByLabelText("파벌")).toBeTruthy();
    expect(screen.getByTestId("army-points").textContent).toContain("포인트:");
  });
});
