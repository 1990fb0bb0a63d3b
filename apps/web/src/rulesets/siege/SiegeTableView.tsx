/**
 * The whole Siege table from plain data (seed 004_cb264102299fbb71.txt): a projection, the
 * viewer's seat (null for spectators), its legal commands, the events and an `onCommand`
 * callback. No connection here: SiegeTable feeds it from `useMatch`, tests and the review page
 * feed it states made by the engine. Shows the round and phase, who is awaited, the map, every
 * operator's status, the team's gadgets and reroll tokens, the pending decision, the last shot's
 * dice and protection, the controls, the event log in words and the result.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { awaiting, catalog, reachableSquares, viewerTeam, type SiegeCommand, type SiegeEvent, type SiegeView, type Team } from "@fogwar/siege";
import { seatViewer, spectator } from "@fogwar/engine";
import { SiegeMap, breachFocus, placeFocus } from "./SiegeMap";
import { MapLegend } from "./MapLegend";
import { UpperFloor } from "./UpperFloor";
import { SiegeControls } from "./SiegeControls";
import { useCommandBuilder } from "./command-builder";
import { SecretTokens } from "./SiegeSetupForms";
import { describeEvent, diceWords, facingName, gadgetName, opName, operatorMark, placeName, reasonWords, rosterOrder, teamName, withGoneGadgets, type SiegeWords } from "./words";
import { NotifyButton, SoundToggle } from "../../table/TableChrome";
import { Later } from "../../table/Later";
import { BoardViewport, phoneZoom } from "../../table/BoardViewport";
import { AutoNote, CONFIRM_FIRST, ConfirmStep, LastShotLine, OddsPanel, PrefsPanel, WalkStopped, newestShot, rerollStanding, shotWords } from "./SiegeAids";
import { useWalk } from "./walk";
import { autoAnswer, loadPrefs, savePrefs, type AutoReason, type ReactionPrefs } from "./prefs";
import { ActionBar, turnLine, useFold } from "../../table/ActionBar";
import { BotNote } from "../../table/BotNote";
import { EventFeed } from "../../table/EventFeed";
import { RuleTip } from "../../help/RuleTip";
import { HowToPlayLink } from "../../help/HowToPlayLink";
import { useTurnAwareness } from "../../table/turn";
import { seatList, useSeatNamer } from "../../table/names";
import { useMatchEndShown } from "../../table/match-end-shown";
import type { TableViewProps } from "../../table/view-props";
import "../../i18n/siege-strings";
import "../../i18n/help-strings";
import "../../table/motion.css";
import "./table.css";

/** The Siege table's props (../../table/view-props.ts). */
export interface SiegeTableViewProps extends TableViewProps<SiegeView, SiegeCommand, SiegeEvent> {
  /** Review mode: no controls, no result link. */
  readonly readOnly?: boolean;
}

export function SiegeTableView({ view, seat, legal, onCommand, events, banner, notice, readOnly, clock, abandonment, bots }: SiegeTableViewProps) {
  const { t, i18n } = useTranslation("siege");
  const name = useSeatNamer([...view.teams.attack, ...view.teams.defence]);
  const w: SiegeWords = { t, language: i18n.language, name };
  const builder = useCommandBuilder(view, legal, w);
  const myTeam = seat ? viewerTeam(view, seatViewer(seat)) : viewerTeam(view, spectator);
  const mission = catalog.missions.get(view.mission);
  const missionName = mission ? (w.language.startsWith("ko") ? mission.name.ko : mission.name.en) : t("title");
  const waiting = awaiting(view);
  const mine = seat !== null && waiting.includes(seat);
  useTurnAwareness(mine ? (view.pending ? "decision" : "move") : null, missionName, { you: seat ? name(seat) : undefined, waiting: seat ? waiting.map(name) : undefined });
  const [confirm, setConfirm] = useState<SiegeCommand | null>(null);
  /** Sends a command, or first asks when it cannot be taken back (a breach). */
  const request = (command: SiegeCommand) => (CONFIRM_FIRST.has(command.type) ? setConfirm(command) : onCommand(command));
  // A walk to a square further than one step (seed 004 "이동": one step per command), while the
  // player picks where the active operator (or the chosen token) steps to.
  const walking = useWalk(view, legal, events, notice, onCommand);
  const choosingSquare = !readOnly && seat !== null && mine && walking.progress === null && builder.kind === "step" && builder.waiting?.field === "to";
  const reach = useMemo(() => (choosingSquare && seat ? reachableSquares(view, seat) : []), [choosingSquare, view, seat]);
  const walker = builder.candidates.find((c): c is Extract<SiegeCommand, { type: "step" }> => c.type === "step")?.token;
  const walks = new Map(reach.filter((r) => r.token === walker && r.path.length > 1).map((r) => [r.to, r] as const));
  const targets = readOnly ? undefined : walks.size > 0 ? new Set([...builder.pickable, ...walks.keys()]) : builder.pickable;
  const onPick = (value: string) => {
    const path = builder.pickable.has(value) ? undefined : walks.get(value)?.path;
    if (path) {
      builder.reset();
      walking.start(path);
      return;
    }
    const command = builder.pick(value);
    if (command) request(command);
  };
  const [prefs, setPrefsState] = useState<ReactionPrefs>(loadPrefs);
  const [prefsOpen, setPrefsOpen] = useState(0);
  const setPrefs = (p: ReactionPrefs) => {
    setPrefsState(p);
    savePrefs(p);
  };
  const [auto, setAuto] = useState<{ reason: AutoReason; what: string } | null>(null);
  const answered = useRef<string | null>(null);
  const lastEvents = events[events.length - 1]?.events ?? [];
  const decision = mine && !readOnly ? autoAnswer(view, legal, prefs, lastEvents) : null;
  const decisionKey = decision ? `${events.length}:${JSON.stringify(view.pending)}` : null;
  useEffect(() => {
    if (!decision || !decisionKey || answered.current === decisionKey || view.pending?.kind !== "reaction") return;
    answered.current = decisionKey;
    const p = view.pending;
    setAuto({ reason: decision.reason, what: t("pending.reaction", { team: teamName(w, p.team), target: opName(w, p.target), watchers: p.watchers.map((o) => opName(w, o)).join(", ") }) });
    onCommand(decision.command);
  });
  const map = catalog.maps.get(view.map);
  const frame = typeof window === "undefined" ? 1200 : Math.min(window.innerWidth, 1400) - 32;
  const compact = mine && view.pending !== null;
  // On a phone the bar folds while the viewer only waits (../../table/ActionBar.tsx).
  const fold = useFold(!mine);
  const naming = useMemo(() => withGoneGadgets(view, events), [view, events]);
  // The viewer's operator whose activation begins is brought into sight (on a phone it may stand under the bar).
  const acting = mine && legal.length > 0 && view.activation ? view.operators[view.activation.operator] : undefined;
  const followAt = acting?.at ? placeFocus(view, acting.at) : null;
  // While a breach is confirmed, its target is marked on the map and brought into sight instead (./map-marks.ts).
  const breaching = confirm?.type === "breach" ? confirm.target : null;
  const breachAt = breaching ? breachFocus(view, breaching) : null;
  // The single shot offered: its target ringed on the map, as its button names it.
  const aimed = !breaching && !readOnly && builder.kind === "shoot" && builder.command?.type === "shoot" ? builder.command.target : null;
  const follow = breachAt ? { key: `breach:${events.length}:${breaching}`, at: breachAt } : followAt ? { key: `act:${view.round}:${acting!.id}`, at: followAt } : null;
  const newest = newestShot(events);
  const lastShot = newest?.shot;
  return (
    <section className="siege-table" aria-label={t("title")}>
      {banner}
      <header className="summary">
        <h2>
          {missionName} · {view.round > 0 ? t("round", { round: view.round, max: mission?.rounds ?? "?" }) : t("setupRound")} ·{" "}
          <span data-phase={view.phase}>{t(`phase.${view.phase}`)}</span>
          {view.phase === "action" && <> · {t("step", { team: teamName(w, view.step % 2 === 0 ? "attack" : "defence"), n: Math.floor(view.step / 2) + 1 })}</>}
        </h2>
        <ul className="teams">
          {(["attack", "defence"] as const).map((team) => (
            <li key={team} className={`team-${team}`}>
              <strong>{teamName(w, team)}</strong>: {seatList(name, view.teams[team])} · {t("rerolls", { n: view.rerolls[team] })}
              {myTeam === team && seat && <> · <strong className="you">{t("you", { seat: name(seat), team: teamName(w, team) })}</strong></>}
            </li>
          ))}
        </ul>
        {!seat && !readOnly && <p>{t("spectating")}</p>}
      </header>
      <Result view={view} w={w} />
      <div className="table-grid">
        <div className="board-column">
          <Later placeholder={<div className="board-placeholder" aria-busy="true" />}>
            <BoardViewport label={t("map.name")} initialZoom={frame < 600 ? phoneZoom(map?.width ?? 12, frame) : 1} follow={follow}>
              <SiegeMap view={view} targets={breaching ? undefined : targets} reachable={walks.size > 0 && !breaching ? new Set(walks.keys()) : undefined} onPick={onPick} marked={breaching} aimed={aimed} />
            </BoardViewport>
            {/* The upper floor and the legend stand under the board's scrolling frame, whose edge cut them. */}
            <UpperFloor view={view} w={w} targets={breaching ? undefined : targets} onPick={onPick} />
            <MapLegend view={view} w={w} />
          </Later>
        </div>
        <div className="side-column">
          {!readOnly && (
            <ActionBar
              label={t("actionBar")}
              fold={fold}
              className={compact ? "compact" : undefined}
              clock={clock}
              abandonment={abandonment}
              turn={turnLine(waiting, seat, { yours: t("yourTurn"), awaiting: (seats) => t("awaiting", { seats: seatList(name, seats) }), alsoAwaiting: (seats) => t("alsoAwaiting", { seats: seatList(name, seats) }) })}
            >
              {/* While a decision of mine is open (a reaction on a phone), its answers come first and the bot's line after them. */}
              {!compact && <BotNote bots={bots} waiting={waiting} />}
              {view.activation && (
                <p className="activation">
                  {t("activation", { op: opName(w, view.activation.operator), mp: view.activation.mp, actions: view.activation.actions.map((a) => t(`action.${a}`)).join(", ") || "—" })}
                </p>
              )}
              {newest?.recent && !compact && view.phase !== "finished" && <LastShotLine shot={newest.shot} naming={naming} w={w} />}
              {walking.progress && (
                <p className="walking" role="status">
                  {t("walk.moving", walking.progress)}{" "}
                  <button type="button" onClick={walking.stop}>
                    {t("walk.stop")}
                  </button>
                </p>
              )}
              {walking.stopped && <WalkStopped stop={walking.stopped} view={view} w={w} />}
              {view.pending && <Pending view={view} w={w} />}
              {auto && <AutoNote reason={auto.reason} what={auto.what} w={w} onChange={() => setPrefsOpen((n) => n + 1)} />}
              {confirm && (
                <ConfirmStep
                  command={confirm}
                  view={view}
                  w={w}
                  onConfirm={() => {
                    setConfirm(null);
                    onCommand(confirm);
                  }}
                  onCancel={() => setConfirm(null)}
                />
              )}
              {notice && (
                <p className="error" role="alert">
                  ⚠ {notice}
                </p>
              )}
              {seat && !confirm && <SiegeControls
                  view={view}
                  builder={builder}
                  legal={legal}
                  onCommand={request}
                  walks={walks}
                  onWalk={(path) => {
                    builder.reset();
                    walking.start(path);
                  }}
                />}
              {mine && view.pending?.kind === "reaction" && <OddsPanel view={view} w={w} pairs={view.pending.watchers.map((o) => [o, (view.pending as { target: string }).target] as const)} />}
              {compact && <BotNote bots={bots} waiting={waiting} />}
              {seat && myTeam && myTeam !== "all" && view.phase !== "finished" && view.phase !== "picks" && (
                <PrefsPanel key={prefsOpen} open={prefsOpen > 0} prefs={prefs} onChange={setPrefs} w={w} />
              )}
              {seat && view.phase !== "finished" && !compact && (
                <p className="turn-alerts">
                  <NotifyButton /> <SoundToggle />
                </p>
              )}
              {!compact && <HowToPlayLink ruleset="siege" newTab />}
            </ActionBar>
          )}
          {readOnly && view.pending && <Pending view={view} w={w} />}
          {lastShot && (
            <section className="last-shot" aria-label={t("dice.title")}>
              <h3>{t("dice.title")}</h3>
              <p>{shotWords(w, lastShot, naming)}</p>
              <p className="dice">
                {lastShot.dice.map((d, i) => (
                  <span key={i} className={`die die-${d.colour}`} title={t(`colour.${d.colour}`)}>
                    {d.value}
                  </span>
                ))}{" "}
                <span className="sr-only">{diceWords(w, lastShot.dice)}</span>
              </p>
            </section>
          )}
          <Later>
            <SecretTokens view={view} w={w} />
            <Operators view={view} w={w} />
            <Inventory view={view} w={w} team={myTeam} />
            <EventFeed events={events} describe={(e) => describeEvent(w, e, naming)} title={w.t("log.title")} titleId="siege-log-title" empty={w.t("log.empty")} />
          </Later>
        </div>
      </div>
    </section>
  );
}

function Pending({ view, w }: { view: SiegeView; w: SiegeWords }) {
  const p = view.pending;
  if (!p) return null;
  const team = teamName(w, p.team);
  const text =
    p.kind === "reaction"
      ? w.t("pending.reaction", { team, target: opName(w, p.target), watchers: p.watchers.map((o) => opName(w, o)).join(", ") })
      : p.kind === "reroll"
        ? `${w.t("pending.reroll", { team, target: opName(w, p.target) })}: ${diceWords(w, p.dice)}. ${rerollStanding(w, view)}`
        : p.kind === "contest"
          ? w.t("pending.contest", { team, ap: placeName(w, p.ap, view.map) })
          : w.t("pending.return_fire", { team, ap: placeName(w, p.ap, view.map), holder: opName(w, p.holder), challenger: opName(w, p.challenger) });
  return (
    <p className="pending keep-folded" role="status">
      ! {text}
    </p>
  );
}

/**
 * Every operator's state, the attack's then the defence's, each by displayed name and beside it the
 * mark its model and tokens carry on the map (seed 004 "오퍼레이터": 랜 and 래 look alike); nothing
 * while none is on the roster yet (the picks).
 */
function Operators({ view, w }: { view: SiegeView; w: SiegeWords }) {
  const ops = rosterOrder(w, view).map((id) => view.operators[id]!);
  if (ops.length === 0) return null;
  return (
    <section className="operators" aria-label={w.t("operators.title")}>
      <h3>{w.t("operators.title")}</h3>
      <ul>
        {ops.map((o) => {
          const profile = catalog.operators.get(o.id);
          const bits: ReactNode[] = [teamName(w, o.team)];
          const tip = (label: string, help: string) => (
            <RuleTip key={help} term={label} help={w.t(`help:siege.${help}`)}>
              {label}
            </RuleTip>
          );
          bits.push(o.dead ? tip(w.t("operators.dead"), "dead") : w.t("operators.health", { left: Math.max(0, (profile?.health ?? 0) - o.damage), max: profile?.health ?? "?" }));
          if (o.hidden) bits.push(tip(w.t("operators.hidden"), "hidden"));
          else if (o.at) bits.push(w.t("operators.at", { place: placeName(w, o.at, view.map) }));
          else if (!o.dead) bits.push(w.t("operators.notDeployed"));
          if (o.stand) bits.push(w.t("operators.leaning", { stand: placeName(w, o.stand, view.map) }));
          if (o.watch) bits.push(tip("facing" in o.watch ? w.t("watch", { dir: facingName(w, o.watch.facing) }) : w.t("watchAp", { ap: placeName(w, o.watch.ap, view.map) }), "watching"));
          if (o.redPing) bits.push(tip(w.t("operators.pinged"), "pinged"));
          if (o.stunned) bits.push(tip(w.t("operators.stunned"), "stunned"));
          if (o.activated) bits.push(w.t("operators.activated"));
          if (profile) bits.push(w.t(profile.special.kind === "passive" ? "operators.specialPassive" : "operators.special", { name: gadgetName(w, profile.special.id), count: o.specialUses }));
          return (
            <li key={o.id} className={`op op-${o.team}${o.dead ? " dead" : ""}`} data-operator={o.id}>
              <span className={`op-mark op-mark-${o.team}`} title={w.t("operators.mark", { mark: operatorMark(w, o.id) })}>
                {operatorMark(w, o.id)}
              </span>{" "}
              <strong>{opName(w, o.id)}</strong>
              {bits.map((b, i) => (
                <span key={i}> · {b}</span>
              ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Each team's gadgets left; during the picks only what a team has locked in (nothing before). */
function Inventory({ view, w, team }: { view: SiegeView; w: SiegeWords; team: Team | "all" | null }) {
  const listOf = (t: Team) =>
    Object.entries(view.inventory[t] ?? {})
      .filter(([, n]) => n > 0)
      .map(([g, n]) => `${gadgetName(w, g)} ×${n}`)
      .join(", ");
  const teams = (["attack", "defence"] as const).filter((t) => (team === "all" || team === t || view.phase !== "picks") && (view.phase !== "picks" || listOf(t) !== ""));
  if (teams.length === 0) return null;
  return (
    <section className="inventory">
      {teams.map((t) => (
        <p key={t}>
          <strong>{teamName(w, t)}</strong>: {w.t("inventory", { list: listOf(t) || "—" })}
        </p>
      ))}
    </section>
  );
}

function Result({ view, w }: { view: SiegeView; w: SiegeWords }) {
  const result = view.result;
  // Under the match-end banner (the live table) the outcome and why are the banner's.
  const banner = useMatchEndShown();
  if (!result || banner) return null;
  const winnerTeam = result.winner ? (view.teams.attack.includes(result.winner) ? "attack" : "defence") : null;
  return (
    <section className="result" role="status" data-result={winnerTeam ?? "draw"}>
      <h2>
        {w.t("result.title")}: {winnerTeam ? w.t("result.winner", { team: teamName(w, winnerTeam) }) : w.t("result.draw")}
      </h2>
      <p>{w.t("result.reason", { reason: reasonWords(w, result.reason, view.map) })}</p>
      {/* The review link and what to do next are the match-end banner's (table/MatchEnd.tsx); the
          dice seed is checked on the review page's verification, not shown raw here. */}
    </section>
  );
}
