/**
 * An attack keyword that explains itself (seed 000 1.2.4, 1.4): its name, with the rule's short text
 * on hover and a "?" button that opens it on tap or keyboard (../../help/RuleTip.tsx). One component
 * for every place that names a keyword: the unit panel's action lines and the battle log.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AttackKeyword, EmberEvent } from "@fogwar/ember";
import { RuleTip } from "../../help/RuleTip";
import { describeEvent, eventKeywords, type Words } from "./words";
import "../../i18n/table-strings";

export interface KeywordTipProps {
  readonly keyword: AttackKeyword;
  /** The words naming the keyword where it stands (a log line's "(suppressed)"); absent: its name. */
  readonly children?: ReactNode;
}

/** `keyword` named (or `children`), explained by `table:keywordHelp.<keyword>`. */
export function KeywordTip({ keyword, children }: KeywordTipProps) {
  const { t } = useTranslation("table");
  const name = t(`keyword.${keyword}`);
  return (
    <RuleTip term={name} help={t(`keywordHelp.${keyword}`)}>
      <span data-keyword={keyword}>{children ?? name}</span>
    </RuleTip>
  );
}

/**
 * An event's log line (`describeEvent`) with each attack keyword it names made a `KeywordTip`;
 * null when the event has no line. The line's text is unchanged; only the keyword's words gain
 * their explanation.
 */
export function eventLine(words: Words, event: EmberEvent): ReactNode {
  const text = describeEvent(words, event);
  if (!text) return null;
  const nodes: ReactNode[] = [];
  let rest = text;
  for (const { keyword, text: named } of eventKeywords(words, event)) {
    const at = named ? rest.indexOf(named) : -1;
    if (at < 0) continue;
    if (at > 0) nodes.push(rest.slice(0, at));
    nodes.push(
      <KeywordTip key={`${keyword}:${nodes.length}`} keyword={keyword}>
        {named}
      </KeywordTip>,
    );
    rest = rest.slice(at + named.length);
  }
  if (nodes.length === 0) return text;
  if (rest) nodes.push(rest);
  return <>{nodes}</>;
}
