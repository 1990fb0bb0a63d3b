import { useState } from "react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
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

  test("adding mechs updates the total live and shows the rules' own over-points message", () => {
    let latest: ArmyList = sample;
    render(<Harness initial={cloneArmy(sample)} onArmy={(a) => (latest = a)} />);
    const add = screen.getByRole("button", { name: /Add a mech/ });
    for (let i = 0; i < 4 && armyPoints(latest) <= 600; i++) fireEvent.click(add);
    const points = armyPoints(latest);
    expect(points).toBeGreaterThan(600);
    expect(screen.getByTestId("army-points").textContent).toContain(`Points: ${points} / 600`);
    expect(screen.getByTestId("army-points").textContent).toContain("over the limit");
    const problems = screen.getByRole("list", { name: "Army problems of Player 1" });
    const expected = validateArmy(latest, "skirmish").map((p) => p.message);
    expect(expected).toContain(`The army costs ${points} points; a skirmish battle allows 600.`);
    for (const message of expected) expect(within(problems).getByText(message, { exact: false })).toBeTruthy();
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
