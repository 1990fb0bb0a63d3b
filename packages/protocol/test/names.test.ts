/**
 * Names (./src/names.ts): one schema wherever a name enters (creation, join options). Every
 * kind of character that changes how other text looks or hides itself is refused with
 * `invalid_name`; Korean, other scripts and emoji stay valid; names are trimmed and NFC.
 */
import { CreateMatchRequest, invisibleInName, JoinOptions, PlayerName, PROTOCOL_ERRORS, PROTOCOL_VERSION, refusedName } from "../src";

/** One of each kind a name refuses, with its name. */
const REFUSED: readonly [string, string][] = [
  ["right-to-left override U+202E", "Bob\u202Enimda"],
  ["left-to-right embedding U+202A", "\u202AAda"],
  ["pop directional formatting U+202C", "Ada\u202C"],
  ["right-to-left isolate U+2067", "Ada\u2067x\u2069"],
  ["first strong isolate U+2068", "\u2068Ada"],
  ["left-to-right mark U+200E", "Ada\u200E"],
  ["right-to-left mark U+200F", "A\u200Fda"],
  ["Arabic letter mark U+061C", "Ada\u061C"],
  ["zero-width space U+200B", "Ad\u200Ba"],
  ["zero-width non-joiner U+200C", "Ad\u200Ca"],
  ["zero-width joiner U+200D", "Ad\u200Da"],
  ["word joiner U+2060", "Ada\u2060"],
  ["byte order mark U+FEFF", "\uFEFFAda"],
  ["soft hyphen U+00AD", "A\u00ADda"],
  ["invisible separator U+2063", "A\u2063da"],
  ["tag character U+E0041", "Ada\u{E0041}"],
  ["NUL U+0000", "Ada\u0000"],
  ["tab U+0009", "Ada\tLovelace"],
  ["line feed U+000A", "Ada\nLovelace"],
  ["delete U+007F", "Ada\u007F"],
  ["C1 control U+0085", "Ada\u0085"],
  ["line separator U+2028", "Ada\u2028"],
  ["paragraph separator U+2029", "Ada\u2029"],
  ["private use U+E000", "Ada\uE000"],
  ["lone surrogate U+D800", "Ada\uD800"],
  ["Hangul filler U+3164", "\u3164"],
  ["Hangul choseong filler U+115F", "민\u115F준"],
  ["halfwidth Hangul filler U+FFA0", "Ada\uFFA0"],
];

describe("a name", () => {
  test.each(REFUSED)("refuses a %s", (_, name) => {
    const result = PlayerName.safeParse(name);
    expect(result.success).toBe(false);
    expect(refusedName(result.error!)).toBe(true);
    expect(invisibleInName(name).length).toBeGreaterThan(0);
  });

  test("keeps Korean, other scripts, punctuation and emoji; trims and normalises to NFC", () => {
    for (const name of ["민준", "김 서연", "Ada <b>", "Zoë", "محمد", "Иван", "日本語", "O'Brien-Smith", "❤️ Ada", "👍🏽 Bo", "Ada\u00A0L", "\u3000민준\u3000"]) {
      expect(PlayerName.safeParse(name).success).toBe(true);
    }
    // Decomposed jamo (U+1112 U+1161 U+11AB) become the syllable 한 (U+D55C); Zoë likewise.
    expect(PlayerName.parse("  \u1112\u1161\u11AB\u1100\u1173\u11AF  ")).toBe("한글");
    expect(PlayerName.parse("Zoe\u0308")).toBe("Zoë");
    expect(PlayerName.safeParse("   ").success).toBe(false);
    expect(PlayerName.safeParse("x".repeat(41)).success).toBe(false);
    expect(refusedName(PlayerName.safeParse("   ").error!)).toBe(false);
  });

  test("the same schema checks creation and join options; invalid_name is a join and REST code", () => {
    const create = CreateMatchRequest.safeParse({ ruleset: "ember", scenario: "s", players: [{ name: "Ada" }, { name: "Ada\u202E" }] });
    expect(create.success).toBe(false);
    expect(refusedName(create.error!)).toBe(true);
    expect(create.error!.issues.find((i) => i.code === "custom")?.path).toEqual(["players", 1, "name"]);
    const join = JoinOptions.safeParse({ role: "spectator", protocol: PROTOCOL_VERSION, name: "\u200Bwatcher" });
    expect(join.success).toBe(false);
    expect(refusedName(join.error!)).toBe(true);
    expect(refusedName(JoinOptions.safeParse({ role: "spectator", protocol: "two" }).error!)).toBe(false);
    expect(PROTOCOL_ERRORS.invalid_name.channels).toEqual(["join", "rest"]);
  });
});
