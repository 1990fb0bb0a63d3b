/**
 * Die faces as small SVG pictures: light, heavy, double light, the hollow variants, eye,
 * lightning, defend, double defend, evade and blank on the yellow, red, white, blue (and chain)
 * dice, and the part die's faces. Each picture has its words as its accessible name and title.
 */
import { RuleTip } from "../../help/RuleTip";
import { useTranslation } from "react-i18next";
import type { DieResult, Face, PartFace } from "@fogwar/ember";
import { faceWords } from "./words";
import "../../i18n/help-strings";
import "../../i18n/table-strings";

const FILL: Record<DieResult["die"], string> = { yellow: "#f2c230", red: "#c8323c", white: "#f7f7f2", blue: "#2f6fd0", chain: "#8a8f99" };
const INK: Record<DieResult["die"], string> = { yellow: "#1d1f24", red: "#ffffff", white: "#1d1f24", blue: "#ffffff", chain: "#ffffff" };

/** One symbol centred at (cx, cy), size about 10. */
function Symbol({ result, cx, cy, ink, hollow }: { result: Face["result"]; cx: number; cy: number; ink: string; hollow: boolean }) {
  const fill = hollow ? "none" : ink;
  const common = { stroke: ink, strokeWidth: 1.6, fill, strokeLinejoin: "round" as const };
  switch (result) {
    case "light":
      return <path d={`M${cx} ${cy - 6} L${cx + 5} ${cy + 5} L${cx - 5} ${cy + 5} Z`} {...common} />;
    case "heavy":
      return (
        <path
          d={`M${cx} ${cy - 8} L${cx + 2.5} ${cy - 2.5} L${cx + 8} ${cy - 2} L${cx + 3.5} ${cy + 2} L${cx + 5} ${cy + 8} L${cx} ${cy + 4.5} L${cx - 5} ${cy + 8} L${cx - 3.5} ${cy + 2} L${cx - 8} ${cy - 2} L${cx - 2.5} ${cy - 2.5} Z`}
          {...common}
        />
      );
    case "defend":
      return <path d={`M${cx - 6} ${cy - 6} L${cx + 6} ${cy - 6} L${cx + 6} ${cy} Q${cx + 6} ${cy + 6} ${cx} ${cy + 8} Q${cx - 6} ${cy + 6} ${cx - 6} ${cy} Z`} {...common} />;
    case "evade":
      return <path d={`M${cx - 7} ${cy + 5} Q${cx - 2} ${cy - 8} ${cx + 6} ${cy - 3} M${cx + 6} ${cy - 3} L${cx + 1} ${cy - 6} M${cx + 6} ${cy - 3} L${cx + 3} ${cy + 2}`} stroke={ink} strokeWidth={2} fill="none" strokeLinecap="round" />;
    case "eye":
      return (
        <g>
          <path d={`M${cx - 8} ${cy} Q${cx} ${cy - 7} ${cx + 8} ${cy} Q${cx} ${cy + 7} ${cx - 8} ${cy} Z`} stroke={ink} strokeWidth={1.5} fill="none" />
          <circle cx={cx} cy={cy} r={2.6} fill={hollow ? "none" : ink} stroke={ink} />
        </g>
      );
    case "lightning":
      return <path d={`M${cx + 2} ${cy - 8} L${cx - 4} ${cy + 1} L${cx} ${cy + 1} L${cx - 2} ${cy + 8} L${cx + 5} ${cy - 2} L${cx + 1} ${cy - 2} Z`} {...common} />;
    case "blank":
      return null;
  }
}

/** One die with its face. `size` in CSS pixels. */
export function DieFace({ die, size = 28, replaced = false }: { die: DieResult; size?: number; replaced?: boolean }) {
  const { t } = useTranslation("table");
  const words = `${t(`die.${die.die}`)}: ${faceWords({ t }, die.face)}${replaced || die.replaced ? ` (${t("attack.replaced")})` : ""}`;
  const ink = INK[die.die];
  const double = die.face.count === 2;
  // The rules' meaning of the face, on hover (seed 000 attack resolution, in the project's words).
  const help = [t(`help:face.${die.face.result}`), double ? t("help:face.double") : null, die.face.hollow ? t("help:face.hollow") : null].filter(Boolean).join(" ");
  return (
    <svg className={`die die-${die.die}`} width={size} height={size} viewBox="0 0 28 28" role="img" aria-label={words} data-face={`${die.die}:${die.face.hollow ? "hollow-" : ""}${double ? "double-" : ""}${die.face.result}`}>
      <title>{`${words}. ${help}`}</title>
      <rect x={1} y={1} width={26} height={26} rx={5} fill={FILL[die.die]} stroke="#1d1f24" strokeWidth={1.2} strokeDasharray={die.replaced ? "3 2" : undefined} />
      {double ? (
        <>
          <Symbol result={die.face.result} cx={9} cy={14} ink={ink} hollow={die.face.hollow} />
          <Symbol result={die.face.result} cx={19} cy={14} ink={ink} hollow={die.face.hollow} />
        </>
      ) : (
        <Symbol result={die.face.result} cx={14} cy={14} ink={ink} hollow={die.face.hollow} />
      )}
    </svg>
  );
}

/**
 * A row of dice. `explain`: add a "?" per distinct face that explains it on tap (left out where
 * the row sits among a decision's answer buttons).
 */
export function DiceRow({ dice, label, explain = true }: { dice: readonly DieResult[]; label: string; explain?: boolean }) {
  const { t } = useTranslation("table");
  // What each face in the row means, on tap: one "?" per distinct face.
  const results = [...new Set(dice.map((d) => d.face.result))];
  return (
    <div className="dice-row" role="group" aria-label={label}>
      <span className="dice-label">{label}</span>
      {dice.map((d, i) => (
        <span key={i} className="die-slot">
          <DieFace die={d} />
          <small aria-hidden="true">{i + 1}</small>
        </span>
      ))}
      {explain && results.length > 0 && (
        <span className="face-help">
          {results.map((r) => (
            <RuleTip key={r} term={t(`face.${r}`)} help={t(`help:face.${r}`)}>
              {t(`face.${r}`)}
            </RuleTip>
          ))}
        </span>
      )}
    </div>
  );
}

/** A part die face: a torso, chassis, arm or "choice" picture with its letter. */
export function PartDieFace({ face, size = 28 }: { face: PartFace; size?: number }) {
  const { t } = useTranslation("table");
  const words = `${t("die.part")}: ${t(`partFace.${face}`)}`;
  const ink = "#1d1f24";
  let shape;
  switch (face) {
    case "torso":
      shape = <rect x={8} y={7} width={12} height={12} rx={2} fill={ink} />;
      break;
    case "chassis":
      shape = <path d="M9 8 L19 8 L21 21 L17 21 L14 13 L11 21 L7 21 Z" fill={ink} />;
      break;
    case "left_arm":
      shape = <path d="M20 9 L11 9 L8 20 L12 20 L14 13 L20 13 Z" fill={ink} />;
      break;
    case "right_arm":
      shape = <path d="M8 9 L17 9 L20 20 L16 20 L14 13 L8 13 Z" fill={ink} />;
      break;
    case "choice":
      shape = (
        <text x={14} y={20} textAnchor="middle" fontSize={16} fontWeight={700} fill={ink}>
          ?
        </text>
      );
      break;
  }
  return (
    <svg className="die die-part" width={size} height={size} viewBox="0 0 28 28" role="img" aria-label={words} data-face={`part:${face}`}>
      <title>{words}</title>
      <rect x={1} y={1} width={26} height={26} rx={5} fill="#d9dbe0" stroke="#1d1f24" strokeWidth={1.2} />
      {shape}
    </svg>
  );
}
