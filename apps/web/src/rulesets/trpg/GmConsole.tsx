/**
 * The game master's console (GM mode; seed 002 3-4, 3-5, 3-7): non-combat checks the master
 * calls (a stat against 5, 7 or 9), a COG check that studies an enemy and reveals its stat block to
 * the party, resistance checks with the master's modifier (-2 to +2), and extreme cold. Every
 * choice comes from the seat's legal commands; the decisions the seed leaves to the master (cover
 * strength, a fallen enemy) come as questions in the action bar.
 */
import { useState } from "react";
import type { TrpgCommand, TrpgView } from "@fogwar/trpg";
import { actionLabel } from "./TrpgControls";
import { charName, type TrpgWords } from "./words";

type Console = Extract<TrpgCommand, { type: "call_check" | "resist" }>;
const KINDS = ["skill", "study", "resist", "cold"] as const;

export function GmConsole({ view, w, legal, onCommand }: { view: TrpgView; w: TrpgWords; legal: readonly TrpgCommand[]; onCommand: (c: TrpgCommand) => void }) {
  const { t } = w;
  const commands = legal.filter((c): c is Console => c.type === "call_check" || c.type === "resist");
  const [kind, setKind] = useState<(typeof KINDS)[number]>("skill");
  const [character, setCharacter] = useState("");
  const [stat, setStat] = useState("COG");
  const [level, setLevel] = useState(5);
  const [study, setStudy] = useState("");
  if (commands.length === 0) return null;
  const ofKind = commands.filter((c) => (kind === "skill" ? c.type === "call_check" && !c.study : kind === "study" ? c.type === "call_check" && !!c.study : kind === "cold" ? c.type === "resist" && c.cold : c.type === "resist" && !c.cold));
  const characters = [...new Set(ofKind.map((c) => c.character))];
  const who = characters.includes(character) ? character : (characters[0] ?? "");
  const stats = [...new Set(ofKind.filter((c) => c.character === who).map((c) => c.stat))];
  const theStat = stats.includes(stat as never) ? stat : (stats[0] ?? "");
  const studies = [...new Set(ofKind.flatMap((c) => (c.type === "call_check" && c.study && c.character === who ? [c.study] : [])))];
  const target = studies.includes(study) ? study : (studies[0] ?? "");
  const levels = [...new Set(ofKind.filter((c) => c.character === who && c.stat === theStat).map((c) => (c.type === "call_check" ? c.difficulty : c.modifier)))];
  const theLevel = levels.includes(level) ? level : (levels[0] ?? 0);
  const command = ofKind.find((c) => c.character === who && c.stat === theStat && (c.type === "call_check" ? c.difficulty === theLevel && (kind !== "study" || c.study === target) : c.modifier === theLevel));
  return (
    <section className="gm-console" aria-label={t("gm.title")}>
      <h3>{t("gm.title")}</h3>
      <p className="hint">{t("gm.hint")}</p>
      <p>
        <label>
          {t("gm.kind")}{" "}
          <select value={kind} onChange={(e) => setKind(e.target.value as (typeof KINDS)[number])}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`gm.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          {t("gm.character")}{" "}
          <select value={who} onChange={(e) => setCharacter(e.target.value)}>
            {characters.map((id) => (
              <option key={id} value={id}>
                {charName(w, id)}
              </option>
            ))}
          </select>
        </label>{" "}
        {kind === "study" && (
          <label>
            {t("gm.study")}{" "}
            <select value={target} onChange={(e) => setStudy(e.target.value)}>
              {studies.map((id) => (
                <option key={id} value={id}>
                  {charName(w, id)}
                </option>
              ))}
            </select>
          </label>
        )}{" "}
        {kind !== "study" && kind !== "cold" && (
          <label>
            {t("gm.stat")}{" "}
            <select value={theStat} onChange={(e) => setStat(e.target.value)}>
              {stats.map((s) => (
                <option key={s} value={s}>
                  {t(`stat.${s}`)}
                </option>
              ))}
            </select>
          </label>
        )}{" "}
        <label>
          {kind === "skill" || kind === "study" ? t("gm.difficulty") : t("gm.modifier")}{" "}
          <select value={theLevel} onChange={(e) => setLevel(Number(e.target.value))}>
            {levels.map((n) => (
              <option key={n} value={n}>
                {kind === "skill" || kind === "study" ? t(`gm.level.${n}`, { defaultValue: String(n) }) : `${n > 0 ? "+" : ""}${n}`}
              </option>
            ))}
          </select>
        </label>
      </p>
      <button type="button" disabled={!command} onClick={() => command && onCommand(command)}>
        {command ? actionLabel(w, command) : t("gm.none")}
      </button>
      <p className="hint">{t("gm.secretNote", { count: Object.values(view.characters).filter((c) => c.side === "enemies" && !c.known).length })}</p>
    </section>
  );
}
