/**
 * A refused command in the page's language, in every ruleset's table: each code a ruleset refuses a
 * command with (its `ERRORS` record) and each protocol code a command can be refused with before it
 * reaches the rules has words in English and Korean; a table refusing a command on a Korean page
 * says the Korean words inside "거부됨: …", never the server's English message or the raw code; a
 * code with no words is said in a Korean sentence that names it.
 */
import type { ReactElement } from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { ERRORS as EMBER_ERRORS, catalog as emberCatalog, ember } from "@fogwar/ember";
import { ERRORS as SIEGE_ERRORS, siege } from "@fogwar/siege";
import { ERRORS as SIGMAR_ERRORS, awaiting, sigmar } from "@fogwar/sigmar";
import { ERRORS as TRPG_ERRORS, trpg, type TrpgSetup } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { PROTOCOL_ERRORS, type ProtocolErrorCode } from "@fogwar/protocol";
import { resources } from "../src/i18n/bundled-resources";
import type { MatchConnection } from "../src/net/useMatch";
import { openConnection } from "./connection";
import { EmberConnected } from "../src/rulesets/ember/EmberConnected";
import { SiegeTable } from "../src/rulesets/siege/SiegeTable";
import { SigmarTable } from "../src/rulesets/sigmar/SigmarTable";
import { TrpgTable } from "../src/rulesets/trpg/TrpgTable";
import { playSigmar } from "./sigmar-play";
import { inEnglish } from "./english";

inEnglish();
jest.setTimeout(60_000);

/** Each ruleset's error codes and where its words for them are (namespace, key under it). */
const RULESETS = [
  { name: "EMBER", codes: Object.keys(EMBER_ERRORS), ns: "table", key: "emberErrors" },
  { name: "Siege", codes: Object.keys(SIEGE_ERRORS), ns: "siege", key: "errors" },
  { name: "the TRPG", codes: Object.keys(TRPG_ERRORS), ns: "trpg", key: "errors" },
  { name: "Age of Sigmar", codes: Object.keys(SIGMAR_ERRORS), ns: "sigmar", key: "errors" },
] as const;

/** The codes a command can be refused with before it reaches the rules (the client's own not_connected too). */
const PROTOCOL_REFUSALS: readonly (ProtocolErrorCode | "not_connected")[] = [
  "bad_message",
  "message_too_large",
  "rate_limited",
  "spectators_cannot_act",
  "match_over",
  "idempotency_conflict",
  "server_error",
  "service_unavailable",
  "not_connected",
];

/** The words of `code` under `ns`'s `key` in `language`, or undefined. */
function wordsOf(language: "en" | "ko", ns: string, key: string, code: string): unknown {
  const group = resources[language]?.[ns]?.[key];
  return group && typeof group === "object" ? (group as Record<string, unknown>)[code] : undefined;
}

/** The codes of `codes` whose words are missing, empty, the same in Korean as in English, or name a rule file. */
function problemsOf(codes: readonly string[], ns: string, key: string): string[] {
  return codes.flatMap((code) => {
    const en = wordsOf("en", ns, key, code);
    const ko = wordsOf("ko", ns, key, code);
    if (typeof en !== "string" || en.trim() === "") return [`${code}: no English words`];
    if (typeof ko !== "string" || ko.trim() === "") return [`${code}: no Korean words`];
    if (ko === en) return [`${code}: the Korean words are the English ones`];
    if (/\.txt\b/.test(en) || /\.txt\b/.test(ko)) return [`${code}: names a rule file`];
    return [];
  });
}

describe("the words of every refusal code", () => {
  test.each(RULESETS)("$name: every code of its ERRORS record has English and Korean words, the Korean not the English", ({ codes, ns, key }) => {
    expect(codes.length).toBeGreaterThan(0);
    expect(problemsOf(codes, ns, key)).toEqual([]);
  });

  test("every protocol code a command can be refused with has English and Korean words in the app's own error words", () => {
    expect(PROTOCOL_REFUSALS.filter((code) => code !== "not_connected" && !(code in PROTOCOL_ERRORS))).toEqual([]);
    expect(problemsOf(PROTOCOL_REFUSALS, "common", "errors")).toEqual([]);
  });
});

/** An open connection holding `view` whose `send` is refused with each of `refusals` in turn. */
function refusing(view: unknown, ...refusals: { code: string; message: string }[]): MatchConnection {
  const send = jest.fn();
  for (const error of refusals) send.mockResolvedValueOnce({ ok: false, error: { ...error, rule: null } });
  return openConnection(view, { send });
}

/** The TRPG's first turn as the party's seat (p1) sees it, against the game master's enemies, of the first seed where the party acts first. */
function trpgView(): unknown {
  const setup: TrpgSetup = { scenario: "proving_ground", mode: "gm", enemies: encounter("proving_ground"), seats: { party: ["p1"], enemies: ["gm"] } };
  for (let n = 0; n < 50; n++) {
    const { state } = trpg.setup(setup, `refusal-words-${n}`);
    if (trpg.legalCommands(state, "p1").some((c) => c.type === "end_turn")) return trpg.viewFor(state, seatViewer("p1"));
  }
  throw new Error("the party never acts first");
}

/** Each table with a Korean button that sends a command, the refusal it gets, and the Korean words expected. */
function tables(): { name: string; draw: (match: MatchConnection) => ReactElement; view: () => unknown; button: string | RegExp; refusal: { code: string; message: string }; words: string }[] {
  return [
    {
      name: "EMBER, choosing a side",
      view: () => {
        const armies = { p1: emberCatalog.data.armies[0]!, p2: emberCatalog.data.armies[2]! };
        return ember.viewFor(ember.setup({ scenario: "ashfall", seats: ["p1", "p2"], armies }, "refusal-words").state, seatViewer("p2"));
      },
      draw: (m) => <EmberConnected matchId="m" seat="p2" match={m} banner={null} />,
      button: /^흑: [a-l]\d+–[a-l]\d+에 배치$/,
      refusal: { code: "not_your_turn", message: EMBER_ERRORS.not_your_turn.message },
      words: "거부됨: 지금은 행동할 차례가 아닙니다.",
    },
    {
      name: "Siege, locking the secret pick",
      view: () => siege.viewFor(siege.setup({ mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } }, "refusal-words").state, seatViewer("a1")),
      draw: (m) => <SiegeTable matchId="m" seat="a1" match={m} banner={null} />,
      button: "선택 확정 (비밀)",
      refusal: { code: "already_picked", message: SIEGE_ERRORS.already_picked.message },
      words: "거부됨: 우리 팀은 이미 선택을 확정했습니다.",
    },
    {
      name: "the TRPG, ending the turn",
      view: trpgView,
      draw: (m) => <TrpgTable matchId="m" seat="p1" match={m} banner={null} />,
      button: "턴 마치기",
      refusal: { code: "not_now", message: TRPG_ERRORS.not_now.message },
      words: "거부됨: 라운드의 지금 단계에서는 할 수 없습니다.",
    },
    {
      name: "Age of Sigmar, ending the hero phase",
      view: () => sigmar.viewFor(playSigmar((s) => s.phase === "battle" && !s.pending && awaiting(s)[0] === "p1", "refusal-words").state, seatViewer("p1")),
      draw: (m) => <SigmarTable matchId="m" seat="p1" match={m} banner={null} />,
      button: "영웅 페이즈 끝내기",
      refusal: { code: "not_your_turn", message: SIGMAR_ERRORS.not_your_turn.message },
      words: "거부됨: 당신이 행동할 차례가 아닙니다.",
    },
  ];
}

/** Clicks the button named `name` and lets the command's answer arrive. */
async function click(name: string | RegExp): Promise<void> {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

/** The text of the page's alerts. */
const alerts = (): string => screen.queryAllByRole("alert").map((a) => a.textContent ?? "").join(" | ");

describe("a refused command on a Korean page", () => {
  test.each(tables().map((t) => [t.name, t] as const))("%s: the refusal is said in Korean words, not the server's English message or its code", async (_name, table) => {
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    try {
      const match = refusing(table.view(), table.refusal);
      render(table.draw(match));
      await click(table.button);
      expect(match.send).toHaveBeenCalledTimes(1);
      expect(alerts()).toContain(table.words);
      expect(alerts()).not.toContain(table.refusal.message);
      expect(alerts()).not.toContain(table.refusal.code);
    } finally {
      await act(async () => {
        await i18next.changeLanguage("en");
      });
    }
  });

  test("the TRPG: a protocol code is said in the app's own Korean words, and a code with no words in a Korean sentence naming it", async () => {
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    try {
      const limited = { code: "rate_limited", message: PROTOCOL_ERRORS.rate_limited.message };
      const unknown = { code: "mystery_code", message: "Something the page has no words for." };
      const match = refusing(trpgView(), limited, unknown);
      render(<TrpgTable matchId="m" seat="p1" match={match} banner={null} />);
      await click("턴 마치기");
      expect(alerts()).toContain("거부됨: 메시지를 너무 많이 보냈습니다: 잠시 뒤에 다시 시도하세요.");
      expect(alerts()).not.toContain(limited.message);
      await click("턴 마치기");
      expect(alerts()).toContain("명령이 거부되었습니다(코드 mystery_code).");
      expect(alerts()).not.toContain(unknown.message);
    } finally {
      await act(async () => {
        await i18next.changeLanguage("en");
      });
    }
  });

  test("in English the same refusal is said in the ruleset's English words, without the code", async () => {
    const match = refusing(trpgView(), { code: "not_now", message: TRPG_ERRORS.not_now.message });
    render(<TrpgTable matchId="m" seat="p1" match={match} banner={null} />);
    await click("End the turn");
    expect(alerts()).toContain("Refused: That cannot be done at this point of the round.");
    expect(alerts()).not.toContain("not_now");
  });
});
