/**
 * The battle log explains the attack keywords its lines name (seed 000 1.2.4 chain damage, 1.4 impact,
 * suppress, snipe and kick) the way the unit panel does: the keyword's words carry the rule on hover (`title`)
 * and a "?" button that opens it on tap or keyboard, in English and Korean.
 */
import { act, fireEvent, render } from "@testing-library/react";
import i18next from "i18next";
import { catalog, ember, type EmberEvent } from "@fogwar/ember";
import { seatViewer } from "@fogwar/engine";
import { EventLog } from "./EventLog";
import { inEnglish } from "../../../test/english";
import { withNames } from "../../../test/players";

const army = (name: string) => catalog.data.armies.find((a) => a.name === name)!;
const SETUP = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: army("Ironclad Vanguard"), p2: army("Network Picket Team") } };

inEnglish();

function log(events: EmberEvent[]) {
  const state = ember.setup(SETUP, "log-keywords").state;
  const view = ember.viewFor(state, seatViewer("p1"));
  const target = state.units.find((u) => u.owner === "p2")!.id;
  const mine = state.units.find((u) => u.owner === "p1")!.id;
  const fill = (e: EmberEvent): EmberEvent => JSON.parse(JSON.stringify(e).replaceAll('"T"', JSON.stringify(target)).replaceAll('"M"', JSON.stringify(mine)));
  return render(withNames(<EventLog view={view} events={[{ seq: 1, events: events.map(fill) }]} />));
}

const EVENTS: EmberEvent[] = [
  { type: "chain_damage", keyword: "shotgun", target: "T", damage: 2 },
  { type: "result_triggered", unit: "T", on: "eye", effect: "impact" },
  { type: "link_changed", unit: "T", link: 3, reason: "impact" },
  { type: "stance_changed", unit: "T", stance: "DEF", reason: "suppress" },
  { type: "stance_changed", unit: "M", stance: "OFF", reason: "choice" },
  { type: "designation_used", unit: "M", by: "attacker", ability: "snipe", used: true },
  { type: "designation_used", unit: "T", by: "defender", ability: "shield", used: true },
];

test("seed 000 1.2.4, 1.4: each keyword a log line names explains itself on hover, and on tap or keyboard with its \"?\" button", () => {
  const { container } = log(EVENTS);
  const lines = [...container.querySelectorAll(".log-lines > li")];
  expect(lines).toHaveLength(7);
  const tip = (li: Element) => li.querySelector(".rule-tip");
  // Chain damage (shotgun): the line reads as before, its keyword explained by the unit panel's words.
  expect(lines[0]!.querySelector('[data-keyword="shotgun"]')?.textContent).toBe("shotgun");
  expect(tip(lines[0]!)?.getAttribute("title")).toBe(i18next.t("keywordHelp.shotgun", { ns: "table" }));
  const button = tip(lines[0]!)!.querySelector("button")!;
  expect(button.getAttribute("aria-label")).toBe("What is shotgun?");
  const note = tip(lines[0]!)!.querySelector('[role="note"]')!;
  expect(note.hasAttribute("hidden")).toBe(true);
  fireEvent.click(button);
  expect(note.hasAttribute("hidden")).toBe(false);
  expect(note.textContent).toMatch(/^Shotgun: after a penetration/);
  fireEvent.keyDown(button, { key: "Escape" });
  expect(note.hasAttribute("hidden")).toBe(true);
  expect(lines[0]!.textContent?.replace("?", "").replace(note.textContent!, "")).toMatch(/^Chain damage \(shotgun\): 2 to .+\.$/);
  // An uncancelled eye's impact, the link it cost, and a suppressed stance.
  expect(tip(lines[1]!)?.getAttribute("title")).toMatch(/^Impact: /);
  expect(lines[2]!.querySelector('[data-keyword="impact"]')?.textContent).toBe("impact");
  expect(lines[3]!.querySelector('[data-keyword="suppress"]')?.textContent).toBe("(suppressed)");
  expect(tip(lines[3]!)?.getAttribute("title")).toMatch(/^Suppress: /);
  // A line naming no keyword stays plain words.
  expect(tip(lines[4]!)).toBeNull();
  // The attack panel's and log's "uses snipe": snipe explained; raising a shield is no keyword.
  expect(lines[5]!.querySelector('[data-keyword="snipe"]')?.textContent).toBe("snipe");
  expect(tip(lines[5]!)?.getAttribute("title")).toMatch(/^Snipe: /);
  expect(tip(lines[6]!)).toBeNull();
});

test("in Korean the log's keywords explain themselves in Korean", async () => {
  await act(async () => void (await i18next.changeLanguage("ko")));
  const { container } = log(EVENTS);
  const first = container.querySelector(".log-lines > li .rule-tip")!;
  expect(first.querySelector('[data-keyword="shotgun"]')?.textContent).toBe("산탄");
  expect(first.getAttribute("title")).toBe(i18next.t("keywordHelp.shotgun", { ns: "table" }));
  expect(first.getAttribute("title")).toMatch(/^산탄/);
  expect(first.querySelector("button")?.getAttribute("aria-label")).toBe(i18next.t("whatIs", { ns: "help", term: "산탄" }));
});
