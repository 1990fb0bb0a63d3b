/**
 * The round-end step of a seat (docs/rules/trpg.md "Presence"; seed 002 3-2 delaying): its
 * characters that waited unseen act now, each turn composed on the map the way a player's turn is
 * (1. pick who acts, on the map or by name; 2. pick what it does; 3. pick the square or character
 * on the map, or from the list), command by command, then one button ends the round and sends
 * them all in the one `end_round`. The options come from the seat's own view only
 * (`delayedTurnOptions`), worked out for the character being composed.
 */
import { useMemo, useState } from "react";
import { delayedTurnOptions, type ActionCommand, type DelayedTurn, type TrpgCommand, type TrpgView } from "@fogwar/trpg";
import { actionLabel, CommandChoice, MAP_KINDS, pickValue } from "./TrpgControls";
import { AttackOddsPanel } from "./Odds";
import { charName, type TrpgWords } from "./words";

const NONE: readonly ActionCommand[] = [];

/** The composer's state, shared by the panel and the map (its highlighted targets and clicks). */
export interface DelayedComposer {
  /** The seat's characters that waited unseen this round. */
  readonly waiting: readonly string[];
  /** The character whose turn is being composed (null: none chosen). */
  readonly actor: string | null;
  readonly setActor: (id: string | null) => void;
  readonly kind: string | null;
  readonly setKind: (kind: string | null) => void;
  /** The commands chosen so far, by character. */
  readonly queues: Readonly<Record<string, readonly ActionCommand[]>>;
  /** What the chosen character may do next (all kinds). */
  readonly options: readonly ActionCommand[];
  /** What a map click answers now: value -> label (the waiting characters themselves when none is chosen). */
  readonly targets: ReadonlyMap<string, string>;
  /** A map click (a square `x,y` or a character `c:<id>`). */
  readonly pick: (value: string) => void;
  readonly add: (c: ActionCommand) => void;
  readonly undo: (id: string) => void;
  readonly turns: () => DelayedTurn[];
}

/** The composer of `seat`'s delayed turns in `view`'s round-end step. */
export function useDelayedComposer(view: TrpgView, seat: string | null, w: TrpgWords, on: boolean): DelayedComposer {
  const waiting = useMemo(
    () => (seat && on ? view.deferred.filter((id) => view.control[id] === seat || (view.characters[id]?.side === "enemies" && view.seats.enemies[0] === seat)) : []),
    [view, seat, on],
  );
  const [chosen, setActor] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [queues, setQueues] = useState<Record<string, ActionCommand[]>>({});
  const actor = chosen && waiting.includes(chosen) ? chosen : waiting.length === 1 ? waiting[0]! : null;
  const queued = (actor && queues[actor]) || NONE;
  const options = useMemo(() => (actor && seat ? (delayedTurnOptions(view, seat, actor, queued) ?? []) : []), [view, seat, actor, queued]);
  const ofKind = options.filter((c) => c.type === kind);
  const targets = useMemo(() => {
    const out = new Map<string, string>();
    if (!actor) for (const id of waiting) out.set(`c:${id}`, w.t("roundEnd.composeFor", { who: charName(w, id) }));
    else if (kind && MAP_KINDS[kind]) for (const c of ofKind) out.set(pickValue(c) ?? "", actionLabel(w, c));
    out.delete("");
    return out;
  }, [actor, waiting, kind, ofKind, w]);
  const add = (c: ActionCommand) => {
    if (!actor) return;
    setQueues({ ...queues, [actor]: [...queued, c] });
    setKind(null);
  };
  const pick = (value: string) => {
    if (!actor) return setActor(value.slice(2));
    const c = ofKind.find((x) => pickValue(x) === value);
    if (c) add(c);
  };
  return {
    waiting,
    actor,
    setActor: (id) => (setActor(id), setKind(null)),
    kind,
    setKind,
    queues,
    options,
    targets,
    pick,
    add,
    undo: (id) => setQueues({ ...queues, [id]: (queues[id] ?? []).slice(0, -1) }),
    turns: () => waiting.flatMap((id) => (queues[id]?.length ? [{ actor: id, commands: [...queues[id]!] }] : [])),
  };
}

/** The round-end step's panel (see the module comment). */
export function DelayedTurns({ composer, w, onCommand }: { composer: DelayedComposer; w: TrpgWords; onCommand: (c: TrpgCommand) => void }) {
  const { t } = w;
  const { waiting, actor, kind, options, queues } = composer;
  const kinds = [...new Set(options.map((c) => c.type))];
  const ofKind = options.filter((c) => c.type === kind);
  const [at, setAt] = useState(0);
  const choice = ofKind[Math.min(at, ofKind.length - 1)];
  const turns = composer.turns();
  return (
    <section className="round-end" aria-label={t("roundEnd.title")}>
      <h3>{t("roundEnd.title")}</h3>
      <p className="hint">{waiting.length > 0 ? t("roundEnd.hint") : t("roundEnd.nothing")}</p>
      {waiting.length > 0 && (
        <ol className="compose-steps">
          <li>
            <span className="step-title">{t("roundEnd.stepWho")}</span>{" "}
            {waiting.map((id) => (
              <button key={id} type="button" aria-pressed={actor === id} className={actor === id ? "primary" : undefined} onClick={() => composer.setActor(id)}>
                {charName(w, id)}
                {queues[id]?.length ? ` (${queues[id]!.length})` : ""}
              </button>
            ))}
          </li>
          {actor && (
            <li>
              <span className="step-title">{t("roundEnd.stepWhat", { who: charName(w, actor) })}</span>{" "}
              {kinds.length === 0 && <span className="hint">{t("roundEnd.turnOver")}</span>}
              {kinds.map((k) => (
                <button key={k} type="button" aria-pressed={kind === k} className={kind === k ? "primary" : undefined} onClick={() => (composer.setKind(k), setAt(0))}>
                  {k === "end_turn" ? t("roundEnd.endTurn") : t(`kind.${k}`, { defaultValue: actionLabel(w, options.find((c) => c.type === k)!) })}
                </button>
              ))}
            </li>
          )}
          {actor && kind && (
            <li>
              <span className="step-title">{MAP_KINDS[kind] ? t(`roundEnd.stepWhere.${MAP_KINDS[kind]}`) : t("roundEnd.stepConfirm")}</span>
              {choice && <CommandChoice w={w} options={ofKind} at={Math.min(at, ofKind.length - 1)} onChoose={setAt} label={t("actions.list")} button={t("roundEnd.add")} onPress={() => composer.add(choice)} />}
              {choice && <AttackOddsPanel w={w} actor={actor} command={choice} />}
            </li>
          )}
        </ol>
      )}
      {waiting
        .filter((id) => queues[id]?.length)
        .map((id) => (
          <div key={id} className="delayed" data-character={id}>
            <h4>{t("roundEnd.planned", { who: charName(w, id) })}</h4>
            <ol>
              {queues[id]!.map((c, i) => (
                <li key={i}>{actionLabel(w, c)}</li>
              ))}
            </ol>
            <button type="button" onClick={() => composer.undo(id)}>
              {t("roundEnd.undo")}
            </button>
          </div>
        ))}
      <button type="button" className="end" onClick={() => onCommand(turns.length > 0 ? { type: "end_round", turns } : { type: "end_round" })}>
        {t("do.end_round")}
      </button>
    </section>
  );
}
