/**
 * The Age of Sigmar create form (./CreateSigmarMatch.tsx) offers what every ruleset's form offers:
 * the reconnection grace and how long an absent player's seat waits before the other may claim
 * the win (it had neither, so a battle always ran on the defaults).
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { CreateSigmarMatch } from "./CreateSigmarMatch";
import { inEnglish } from "../../../test/english";

inEnglish();

const listing = {
  id: "sigmar" as const,
  rulesVersion: "sigmar-test",
  battleplans: [{ id: "sundered_causeway", name: { en: "Sundered causeway", ko: "갈라진 둑길" }, rounds: 5 }],
  pointsLimit: 1000,
  sampleArmies: [{ name: "A", faction: "f", units: [] }],
};

test("the form sends the reconnection grace and the claim delay the host chose, beside the spectator delay", async () => {
  const createMatch = jest.fn().mockResolvedValue({ matchId: "m", seats: [], hostToken: "h" });
  render(<CreateSigmarMatch api={{ createMatch }} listing={listing} onCreated={() => undefined} />);
  const names = screen.getAllByLabelText("Name");
  fireEvent.change(names[0]!, { target: { value: "Ana" } });
  fireEvent.change(names[1]!, { target: { value: "Bo" } });
  expect((screen.getByLabelText("Claim after (seconds away)") as HTMLInputElement).value).toBe("60");
  fireEvent.change(screen.getByLabelText("Claim after (seconds away)"), { target: { value: "30" } });
  fireEvent.change(screen.getByLabelText("Reconnection grace (seconds)"), { target: { value: "300" } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Create battle" }));
  });
  expect((createMatch.mock.calls[0]![0] as { options: unknown }).options).toEqual({ spectatorDelay: 0, reconnectGrace: 300, claimDelay: 30 });
});
