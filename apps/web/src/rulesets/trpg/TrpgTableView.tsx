/**
 * The whole TRPG table from plain data (seed 002): a projection, the viewer's seat (null for
 * spectators), its legal commands, the events and an `onCommand` callback. No connection here:
 * TrpgTable feeds it from `useMatch`; tests and the review feed it states made by the engine.
 * Shows the round, the field and the light, who is awaited, the map with cover, light and
 * overwatch cones, the initiative order as the viewer may know it, the active character's action
 * points, both sides' characters, the controls (the game master's console too) under the newest
 * roll's outcome, the dice log with each roll's audience, and the result.
 */
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { awaiting, catalog, freeStrikeCauseInLog, STAT_NAMES, type TrpgCommand, type TrpgEvent, type TrpgView } from "@fogwar/trpg";
import { HowToPlayLink } from "../../help/HowToPlayLink";
import { MAP_COLUMNS_EXTRA, TrpgMap, TrpgMapLegend, mapFocus, watchPreview } from "./TrpgMap";
import { ActionControls, DecisionPrompt, MAP_KINDS, asksFirst, useBuilder, pickValue } from "./TrpgControls";
import { DelayedTurns, useDelayedComposer } from "./DelayedTurns";
import { WaitingFor } from "./WaitingFor";
import { LastRoll } from "./LastRoll";
import { useFreeStrikeCause } from "./why";
import { GmConsole } from "./GmConsole";
import { audienceOf, charName, describeEvent, inLanguage, squareCode, weaponText, type TrpgWords } from "./words";
import { NotifyButton, SoundToggle } from "../../table/TableChrome";
import { Later } from "../../table/Later";
import { BoardViewport, phoneZoom } from "../../table/BoardViewport";
import { ActionBar, turnLine, useFold } from "../../table/ActionBar";
import { isPhone } from "../../table/media";
import { BotNote } from "../../table/BotNote";
import { useStickToBottom } from "../../table/log";
import { useTurnAwareness } from "../../table/turn";
import { seatList, useSeatNamer } from "../../table/names";
import { useMatchEndShown } from "../../table/match-end-shown";
import type { TableViewProps } from "../../table/view-props";
import "../../i18n/trpg-strings";
import "./table.css";

/** The TRPG table's props (../../table/view-props.ts). */
export interface TrpgTableViewProps extends TableViewProps<TrpgView, TrpgCommand, TrpgEvent> {
  /** Review mode: no controls, no result link. */
  readonly readOnly?: boolean;
}

/**
 * The turn line's words when the viewer is awaited: in a character's turn (no decision pending)
 * it names the character who acts, whose action points the seat spends (seed 002 3-1); otherwise
 * (a decision, the round-end step) the bare "your move".
 */
export function yourTurn(w: TrpgWords): string {
  const { view } = w;
  const actor = view.phase === "turn" && !view.pending ? view.turn?.actor : undefined;
  return actor ? w.t("yourTurnOf", { who: charName(w, actor) }) : w.t("yourTurn");
}

export function TrpgTableView({ view, seat, legal, onCommand, events, banner, notice, readOnly, bots, clock, abandonment }: TrpgTableViewProps) {
  const { t, i18n } = useTranslation("trpg");
  const seats = [...view.seats.party, ...view.seats.enemies];
  const name = useSeatNamer(seats);
  const w: TrpgWords = { t, language: i18n.language, name, view };
  const builder = useBuilder(w, legal);
  const strikeCause = useFreeStrikeCause(view);
  // The board opens zoomed on a narrow screen so a square is at least 24 px (pan by finger).
  const column = useRef<HTMLDivElement>(null);
  const [frameWidth, setFrameWidth] = useState(0);
  useLayoutEffect(() => setFrameWidth(column.current?.clientWidth ?? 0), []);
  const scenario = catalog.scenarios.get(view.scenario)!;
  const title = inLanguage(w, scenario.name);
  const waiting = awaiting(view);
  const mine = seat !== null && waiting.includes(seat);
  const master = seat !== null && view.mode === "gm" && view.seats.enemies[0] === seat;
  const composing = !readOnly && mine && !view.pending && view.phase === "round_end";
  const composer = useDelayedComposer(view, seat, w, composing);
  // The bar folds while a kind answered on the map is chosen (the highlighted squares and
  // characters in sight; the attack's odds and confirmation still show), and while the viewer only
  // waits (not while the game master's console offers a check to call).
  const picking = builder.kind !== null && MAP_KINDS[builder.kind] !== undefined;
  const consoleOpen = master && legal.some((c) => c.type === "call_check" || c.type === "resist");
  const fold = useFold(picking || (!mine && !consoleOpen));
  // Picking on the map: on a phone (one column, the bar stuck to the screen's bottom) the board is brought into sight above the bar.
  useEffect(() => {
    if (picking && fold.folded && isPhone()) column.current?.scrollIntoView?.({ block: "nearest" });
  }, [picking, fold.folded]);
  useTurnAwareness(mine ? (view.pending ? "decision" : "move") : null, title, { you: seat ? name(seat) : undefined, waiting: seat ? waiting.map(name) : undefined });
  const onPick = (value: string) => {
    if (composing) return composer.pick(value);
    const command = builder.matching.find((c) => pickValue(c) === value);
    if (!command) return;
    // An action on a target asks first (its odds and a confirmation); a move is sent at once. Either
    // way the chosen kind does not stay armed for the next click.
    if (asksFirst(command)) return builder.setPicked(command);
    builder.reset();
    onCommand(command);
  };
  const light = view.night >= catalog.light.darknessFrom ? "dark" : view.night >= catalog.light.lowLightFrom ? "low" : "day";
  const myCharacters = seat ? Object.values(view.characters).filter((c) => (c.side === "party" ? view.control[c.id] === seat : view.seats.enemies[0] === seat)) : [];
  // The viewer's character whose turn begins is brought into sight (on a phone it may stand under the bar).
  const actor = mine ? myCharacters.find((c) => c.id === view.turn?.actor && c.at) : undefined;
  const follow = actor ? { key: `${view.round}:${actor.id}`, at: mapFocus(view, [actor])! } : null;
  return (
    <section className="trpg-table" aria-label={t("title")}>
      {banner}
      <header className="summary">
        <h2>
          {title} · {t("round", { round: view.round, max: scenario.rounds })} · <span data-phase={view.phase}>{t(`phase.${view.phase}`)}</span>
        </h2>
        <p>
          {t(`mode.${view.mode}`)} · {t(`field.${view.field}`)} · {t(`light.${light}`)}
          {view.surprised && <> · {t("surprised", { side: t(`side.${view.surprised}`) })}</>}
        </p>
        <ul className="sides">
          <li>
            <strong>{t("side.party")}</strong>: {seatList(name, view.seats.party)}
          </li>
          <li>
            <strong>{t(view.mode === "gm" ? "gameMaster" : "side.enemies")}</strong>: {seatList(name, view.seats.enemies)}
          </li>
        </ul>
        {seat && myCharacters.length > 0 && <p className="you">{t(master ? "youMaster" : "you", { seat: name(seat), characters: myCharacters.map((c) => inLanguage(w, c.name)).join(", ") })}</p>}
        {!seat && !readOnly && <p>{t("spectating")}</p>}
      </header>
      <Result view={view} w={w} />
      <div className="table-grid">
        <div className="board-column" ref={column} style={{ "--board-ratio": (scenario.map.width + MAP_COLUMNS_EXTRA) / (scenario.map.height + MAP_COLUMNS_EXTRA) } as CSSProperties}>
          <Later placeholder={<div className="board-placeholder" aria-busy="true" />}>
            <BoardViewport label={t("map.title")} initialZoom={phoneZoom(scenario.map.width + MAP_COLUMNS_EXTRA, frameWidth)} focus={mapFocus(view, myCharacters)} follow={follow}>
              <TrpgMap view={view} w={w} targets={readOnly ? undefined : composing ? composer.targets : builder.targets} covered={readOnly || composing ? undefined : builder.covered} preview={readOnly || composing || builder.kind !== "overwatch" ? null : watchPreview(view, builder.listed)} onPick={onPick} active={composing ? composer.actor : (view.turn?.actor ?? null)} />
            </BoardViewport>
            <TrpgMapLegend view={view} covered={readOnly || composing ? undefined : new Set(builder.covered.values())} />
          </Later>
        </div>
        <div className="side-column">
          {!readOnly && (
            <ActionBar
              label={t("actionBar")}
              fold={fold}
              clock={clock}
              abandonment={abandonment}
              turn={turnLine(waiting, seat, { yours: yourTurn(w), awaiting: (seats) => t("awaiting", { seats: seatList(name, seats) }) })}
            >
              {!mine && waiting.length > 0 && <WaitingFor view={view} w={w} waiting={waiting} cause={strikeCause} />}
              <BotNote bots={bots} waiting={waiting} />
              {notice && (
                <p className="error" role="alert">
                  ⚠ {notice}
                </p>
              )}
              {!view.result && <LastRoll events={events} w={w} mine={mine} />}
              {mine && view.pending && <DecisionPrompt view={view} w={w} legal={legal} onCommand={onCommand} cause={strikeCause} />}
              {mine && !view.pending && view.phase === "turn" && <ActionControls w={w} legal={legal} builder={builder} onCommand={onCommand} />}
              {composing && <DelayedTurns key={`${view.round}`} composer={composer} w={w} onCommand={onCommand} />}
              {master && <GmConsole view={view} w={w} legal={legal} onCommand={onCommand} />}
              <Later>
                {seat && !view.result && (
                  <p className="turn-alerts">
                    <NotifyButton /> <SoundToggle />
                  </p>
                )}
                <HowToPlayLink ruleset="trpg" newTab />
              </Later>
            </ActionBar>
          )}
          {readOnly && view.pending && <p className="decision">{t(`decision.${view.pending.kind}.title`)}</p>}
          <Later>
            <ApLedger view={view} w={w} />
            <Initiative view={view} w={w} />
            <Roster view={view} w={w} />
            <DiceLog events={events} w={w} />
          </Later>
        </div>
      </div>
    </section>
  );
}

/**
 * The active character's action points and what it has used (seed 002 3-1). A concealed character
 * of the other side acts at its place in the order, but what it does is its side's: the viewer
 * sees only whose turn it is (its view shows that turn as at its start).
 */
function ApLedger({ view, w }: { view: TrpgView; w: TrpgWords }) {
  const turn = view.turn;
  if (!turn) return null;
  const c = view.characters[turn.actor];
  if (c?.concealed && c.concealment === null) {
    return (
      <section className="ap-ledger" aria-label={w.t("ap.title")}>
        <h3>{w.t("ap.title")}</h3>
        <p>{w.t("ap.unseen", { who: charName(w, turn.actor) })}</p>
      </section>
    );
  }
  return (
    <section className="ap-ledger" aria-label={w.t("ap.title")}>
      <h3>{w.t("ap.title")}</h3>
      <p>
        <strong>{charName(w, turn.actor)}</strong>: {w.t("ap.left", { ap: turn.ap })}{" "}
        <span className="pips" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <span key={i} className={i < turn.ap ? "pip full" : "pip"} />
          ))}
        </span>
      </p>
      <ul>
        <li>{w.t("ap.moved", { count: turn.moved })}</li>
        {turn.freeSpot && <li>{w.t("ap.freeSpot")}</li>}
        {turn.snapshot && <li>{w.t("ap.snapshot")}</li>}
        {turn.suppress && <li>{w.t("ap.suppress")}</li>}
        {turn.disengaged && <li>{w.t("ap.disengaged")}</li>}
        {c?.overwatch && <li>{w.t("ap.overwatch", { dir: w.t(`dir.${c.overwatch.dir}`) })}</li>}
      </ul>
    </section>
  );
}

/** The initiative order as the viewer may know it (seed 002 3-2): characters it has never seen are not in it. */
function Initiative({ view, w }: { view: TrpgView; w: TrpgWords }) {
  return (
    <section className="initiative" aria-label={w.t("initiative.title")}>
      <h3>{w.t("initiative.title")}</h3>
      <ol>
        {view.order.map((id, i) => {
          const c = view.characters[id]!;
          const current = view.phase === "turn" && view.turn?.actor === id;
          const past = view.phase === "round_end" || i < view.slot;
          return (
            <li key={id} className={`side-${c.side}${current ? " current" : ""}${past && !current ? " past" : ""}`} aria-current={current ? "step" : undefined}>
              {current ? "▶ " : ""}
              {charName(w, id)} · {view.initiative[id]}
              {c.concealed && ` · ${w.t("unseen")}`}
              {c.status !== "active" && ` · ${w.t(`status.${c.status}`)}`}
            </li>
          );
        })}
        {view.phase === "round_end" && <li className="current">▶ {w.t("initiative.roundEnd")}</li>}
      </ol>
    </section>
  );
}

/**
 * A character's stat block as a sheet line (seed 002 3-1: PRC, BRT, COG, TGH, GRC, SPD), when the
 * viewer knows its archetype: a party's own, both sides in versus, an enemy a check revealed.
 */
function statLine(view: TrpgView, w: TrpgWords, id: string): string | null {
  const archetype = view.characters[id]!.archetype;
  const stats = archetype ? catalog.archetypes.get(archetype)?.stats : undefined;
  return stats ? STAT_NAMES.map((k) => `${w.t(`stat.${k}`)} ${stats[k]}`).join(" · ") : null;
}

/** Both sides' characters as the viewer knows them, each known stat block on a line of its own. */
function Roster({ view, w }: { view: TrpgView; w: TrpgWords }) {
  const line = (id: string) => {
    const c = view.characters[id]!;
    const stats = c.archetype ? catalog.archetypes.get(c.archetype)?.stats : undefined;
    const bits = [c.wounds >= 0 && stats ? w.t("roster.wounds", { w: c.wounds, max: stats.W }) : w.t("roster.statsHidden")];
    if (c.concealed) bits.push(c.at ? w.t("roster.concealedAt", { at: squareCode(c.at), value: c.concealment?.value ?? "?" }) : c.lastSeen ? w.t("roster.lastSeen", { at: squareCode(c.lastSeen) }) : w.t("unseen"));
    else if (c.at) bits.push(squareCode(c.at));
    if (c.status !== "active") bits.push(w.t(`status.${c.status}`) + (c.status === "incapacitated" ? ` (${w.t("roster.fails", { count: c.deathFails })}${c.stabilised ? `, ${w.t("roster.stabilised")}` : ""})` : ""));
    if (c.prone) bits.push(w.t("prone"));
    if (c.peeking) bits.push(w.t("peeking"));
    if (c.braced) bits.push(w.t("braced"));
    if (c.cold) bits.push(w.t("cold"));
    if (c.weapon) bits.push(weaponText(w, c.weapon));
    for (const [item, n] of Object.entries(c.slots)) bits.push(`${w.t(`item.${item}`)} ${n}`);
    return bits.join(" · ");
  };
  return (
    <section className="roster" aria-label={w.t("roster.title")}>
      <h3>{w.t("roster.title")}</h3>
      {(["party", "enemies"] as const).map((side) => (
        <div key={side}>
          <h4>{w.t(`side.${side}`)}</h4>
          <ul>
            {Object.keys(view.characters)
              .filter((id) => view.characters[id]!.side === side)
              .sort()
              .map((id) => (
                <li key={id} className={`side-${side}`}>
                  <strong>{charName(w, id)}</strong>: {line(id)}
                  {statLine(view, w, id) && <div className="stat-line">{statLine(view, w, id)}</div>}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/**
 * The dice log: every event in words, with who heard it when not everyone did; a free strike with
 * why it was made, where what the one struck did next tells (@fogwar/trpg `freeStrikeCauseInLog`,
 * seed 002 3-1 접전).
 */
function DiceLog({ events, w }: { events: readonly { readonly seq: number; readonly events: readonly TrpgEvent[] }[]; w: TrpgWords }) {
  const all = events.flatMap((e) => e.events);
  const lines = events.flatMap((e) => e.events.map((ev, i) => ({ key: `${e.seq}:${i}`, ev }))).map((line, i) => ({ ...line, why: freeStrikeCauseInLog(all, i) }));
  const { ref, onScroll } = useStickToBottom<HTMLOListElement>(lines.length);
  return (
    <section className="dice-log" aria-label={w.t("log.title")}>
      <h3>{w.t("log.title")}</h3>
      <ol ref={ref} onScroll={onScroll} aria-live="polite">
        {lines.slice(-200).map(({ key, ev, why }) => {
          const heard = audienceOf(w, ev);
          return (
            <li key={key} className={`ev-${ev.type}${heard ? " private" : ""}`}>
              {describeEvent(w, ev)}
              {why && ev.type === "attack" && <span className="why"> · {w.t(`freeStrikeWhy.${why}`, { who: charName(w, ev.attacker), target: charName(w, ev.target) })}</span>}
              {heard && <span className="heard"> · {heard}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Result({ view, w }: { view: TrpgView; w: TrpgWords }) {
  const r = view.result;
  // Under the match-end banner (the live table) the outcome and why are the banner's.
  const banner = useMatchEndShown();
  if (!r || banner) return null;
  return (
    <section className="result" role="status">
      <h3>{r.winner === null ? w.t("result.draw") : w.t("result.won", { seats: (r.winners ?? [r.winner]).map(w.name).join(", ") })}</h3>
      <p>{w.t(`result.reason.${r.reason === "rounds" ? "rounds" : (r.reason.split(": ")[1]?.replace(/ /g, "_") ?? "other")}`, { defaultValue: w.t("result.reason.other") })}</p>
    </section>
  );
}
