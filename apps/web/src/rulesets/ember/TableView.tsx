/**
 * The whole EMBER table from plain data: a projection, the viewer's seat (null for spectators),
 * the legal commands, the events and an `onCommand` callback. No connection here: the container
 * (Table.tsx) feeds it from `useMatch`, tests feed it states made by the engine.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { seatList, useSeatNamer } from "../../table/names";
import type { TableViewProps as SharedTableViewProps } from "../../table/view-props";
import { catalog, type EmberCommand, type EmberEvent, type EmberView } from "@fogwar/ember";
import type { Facing } from "@fogwar/engine";
import { AttackPanel } from "./AttackPanel";
import { Board, type SquareChoice, type UnitChoice } from "./Board";
import { Controls, type DeployStance, type Mode } from "./Controls";
import { Decision } from "./Decision";
import { EventLog } from "./EventLog";
import { MusterScreen } from "./Muster";
import { PlanPanel } from "./PlanPanel";
import { UnitPanel } from "./UnitPanel";
import { endReason } from "./words";
import { HowToPlayLink } from "../../help/HowToPlayLink";
import { BoardViewport, NotifyButton, SoundToggle } from "../../table/TableChrome";
import { BotNote } from "../../table/BotNote";
import { useTurnAwareness } from "../../table/turn";
import { localName, ofType, sampleName, scenarioOf, seatColour, seatMark, squareName, unitLabel, unitOf } from "./model";
import "../../i18n/table-strings";
import "../../help/RuleTip.css";
import "../../table/motion.css";
import "./table.css";

/** The EMBER table's props (../../table/view-props.ts). */
export type TableViewProps = SharedTableViewProps<EmberView, EmberCommand, EmberEvent>;

/** The seats the match waits for, from the projection. */
export function awaitingSeats(view: EmberView): string[] {
  if (view.phase === "finished") return [];
  if (view.pending) return [view.pending.seat];
  if (view.phase === "plan") return view.seats.filter((s) => !view.plans[s]?.locked);
  if (view.activation) {
    const unit = unitOf(view, view.activation.unit);
    return unit ? [unit.owner] : [];
  }
  return view.turn ? [view.turn] : [];
}

function Summary({ view, seat }: { view: EmberView; seat: string | null }) {
  const { t, i18n } = useTranslation("table");
  const name = useSeatNamer(view.seats);
  const scenario = scenarioOf(view);
  const secondaries = scenario.mission.secondaries ?? [];
  const secondaryName = (id: string | null | undefined) => {
    const mission = secondaries.find((m) => m.id === id);
    return mission ? localName(mission.name, i18n.language) : null;
  };
  return (
    <section className="summary" aria-label={t("phaseLabel")}>
      <h2>
        {localName(scenario.name, i18n.language)} · {t("round", { round: view.round, max: scenario.mission.rounds })} · <span data-phase={view.phase}>{t(`phase.${view.phase}`)}</span>
      </h2>
      <ul className="seats">
        {view.seats.map((s, i) => (
          <li key={s} className={`seat-${i}`} data-team={view.teams?.[s]}>
            <span aria-hidden="true" style={{ color: seatColour(view, s) }}>
              {seatMark(view, s)}
            </span>{" "}
            <strong className="player-name">{name(s)}</strong> ({t("seatBadge", { shape: t(`seatShape.${i}`), n: i + 1 })}) · {sampleName("army", view.armyNames[s] ?? "", i18n.language)} · {view.factions[s]}
            {view.teams?.[s] && (
              <>
                {" "}
                · <span className="team-badge" style={{ background: seatColour(view, s) }}>{t(`team.${view.teams[s]}`, { defaultValue: view.teams[s] })}</span>
              </>
            )}
            {secondaryName(view.missionPrep?.secondaries[s]?.choice) && <> · {t("secondaryOf", { name: secondaryName(view.missionPrep?.secondaries[s]?.choice) })}</>}
            {view.sides?.[s] && <> · {t("sideOf", { side: t(`side.${view.sides[s]}`) })}</>}
            {view.firstPlayer === s && <> · {t("firstPlayer")}</>} · {t("score")}: {t("vp", { vp: view.vp[s] ?? 0 })}
            {s === seat && (
              <>
                {" "}
                · <strong className="you">{t("youMark")}</strong>
              </>
            )}
          </li>
        ))}
      </ul>
      {view.initiative && <p data-initiative={view.initiative.join(",")}>{t("initiativeOrder", { order: view.initiative.map(name).join(" → ") })}</p>}
      {view.activation && <p>{t("activationOf", { unit: unitLabel(view, view.activation.unit, name), timing: t(`timing.${view.activation.timing}`) })}</p>}
    </section>
  );
}

/** The line that says whose move it is (the viewer's, highlighted, or who the match waits for). */
function TurnLine({ view, seat }: { view: EmberView; seat: string | null }) {
  const { t } = useTranslation("table");
  const name = useSeatNamer(view.seats);
  const waiting = awaitingSeats(view);
  if (waiting.length === 0) return null;
  const mine = seat !== null && waiting.includes(seat);
  // On your move the line says so, and names only the others the match also waits for (a simultaneous plan).
  const others = waiting.filter((s) => s !== seat);
  return (
    <p className={mine ? "turn-line mine your-turn" : "turn-line"} role="status">
      {mine ? `▶ ${t("yourTurn")}${others.length > 0 ? " · " : ""}` : ""}
      {mine ? (others.length > 0 ? t("alsoAwaiting", { seats: seatList(name, others) }) : "") : t("awaiting", { seats: seatList(name, waiting) })}
    </p>
  );
}

function Result({ view, seat, matchId }: { view: EmberView; seat: string | null; matchId: string }) {
  const { t } = useTranslation("table");
  const name = useSeatNamer(view.seats);
  const result = view.result;
  if (view.phase !== "finished" || !result) return null;
  // A team's win (2 v 2) lists all its seats: every teammate wins.
  const winners = result.winners ?? (result.winner ? [result.winner] : []);
  const winnerText = result.winners ? t("result.winners", { seats: seatList(name, result.winners) }) : t("result.winner", { seat: result.winner ? name(result.winner) : "" });
  const headline = result.winner === null ? t("result.draw") : seat ? (winners.includes(seat) ? t("result.youWin") : t("result.youLose")) : winnerText;
  return (
    <section className="result" role="status" data-result={result.winner ?? "draw"}>
      <h2>{t("result.title")}: {headline}</h2>
      {result.winner && seat && <p>{winnerText}</p>}
      <p>{t("result.reason", { reason: endReason({ t }, result.reason) })}</p>
      <p>
        {view.seats.map((s) => `${name(s)}: ${t("vp", { vp: result.scores[s] ?? 0 })}`).join(" · ")}
      </p>
      <p>
        <a className="button primary" href={`/review/${encodeURIComponent(matchId)}`}>
          {t("result.review")}
        </a>
      </p>
    </section>
  );
}

/**
 * The table: the muster screen while the players' secret lists are being locked (seed 001 2), then
 * the battle. When the muster gives way to the battle the page goes back to its top: the muster's
 * long builder may have left the window far down, where the battle's log is, not its board.
 */
export function TableView(props: TableViewProps) {
  const mustering = props.view.phase === "muster";
  const wasMustering = useRef(mustering);
  useEffect(() => {
    if (wasMustering.current && !mustering) globalThis.scrollTo?.({ top: 0 });
    wasMustering.current = mustering;
  }, [mustering]);
  return mustering ? <MusterScreen {...props} /> : <BattleView {...props} />;
}

function BattleView({ matchId, view, seat, legal, onCommand, events, banner, notice, clock, abandonment, bots }: TableViewProps) {
  const { t, i18n } = useTranslation("table");
  const name = useSeatNamer(view.seats);
  const [selected, setSelected] = useState<string | null>(null);
  const [userMode, setMode] = useState<Mode | null>(null);
  const [facingChoice, setFacing] = useState<Facing | null>(null);
  const [stance, setStance] = useState<DeployStance>("OFF");
  const [giverChoice, setGiver] = useState<string | null>(null);
  // Launches (seed 000 1.5.5 scatter: where the installation goes; 10 smoke: the first square).
  const [dropAt, setDropAt] = useState<"start" | "end">("end");
  const [smokeAnchor, setSmokeAnchor] = useState<{ x: number; y: number } | null>(null);
  // Camouflaged deployment (seed 000 6.2): deploy camouflaged, and the marker's square once picked.
  const [camouflaged, setCamouflaged] = useState(false);
  const [camoMarker, setCamoMarker] = useState<{ x: number; y: number } | null>(null);

  const send = (command: EmberCommand) => {
    setMode(null);
    setFacing(null);
    setSmokeAnchor(null);
    setCamoMarker(null);
    onCommand(command);
  };

  // Which mode the board shows.
  const deploys = ofType(legal, "deploy");
  const deployUnits = [...new Set(deploys.map((c) => c.unit))];
  const deployUnit = selected && deployUnits.includes(selected) ? selected : (deployUnits[0] ?? null);
  const acts = ofType(legal, "act");
  const manoeuvres = ofType(legal, "manoeuvre");
  const droneCmds = ofType(legal, "command_drone");
  const givers = [...new Set(droneCmds.map((c) => c.mech))];
  const giver = giverChoice && givers.includes(giverChoice) ? giverChoice : (givers[0] ?? null);
  const valid = (m: Mode | null): boolean => {
    if (!m) return false;
    switch (m.kind) {
      case "deploy":
        return deploys.length > 0;
      case "manoeuvre":
        return manoeuvres.length > 0;
      case "act":
        return acts.some((c) => c.part === m.part && c.action === m.action && (c.target || c.to || c.squares || c.hidden));
      case "drone":
        return droneCmds.some((c) => c.drone === m.drone && c.mech === giver && c.order.kind === m.order);
    }
  };
  let mode: Mode | null = null;
  if (deploys.length > 0) mode = { kind: "deploy" };
  else if (valid(userMode)) mode = userMode;
  else if (manoeuvres.length > 0) mode = { kind: "manoeuvre" };
  else if (selected && droneCmds.some((c) => c.drone === selected && c.order.kind === "move")) mode = { kind: "drone", drone: selected, order: "move" };

  // The unit the mode moves, and its default facing.
  const movingId = mode?.kind === "deploy" ? deployUnit : mode?.kind === "drone" ? mode.drone : mode ? (view.activation?.unit ?? null) : null;
  const moving = movingId ? unitOf(view, movingId) : undefined;
  const mySide = seat ? view.sides?.[seat] : undefined;
  const defaultFacing: Facing = mode?.kind === "deploy" ? (mySide === "white" ? "N" : "S") : (moving?.facing ?? "N");
  const facing = facingChoice ?? defaultFacing;

  let squareCmds: { to: { x: number; y: number }; facing: Facing; command: EmberCommand; deploy: boolean }[] = [];
  let targets: UnitChoice[] = [];
  let sight: { from: string; range: number; shooting?: boolean } | null = null;
  let launchSquares: SquareChoice[] = [];
  let smokeOptions: EmberCommand[] = [];
  // A camouflaged deployment (seed 000 6.2) takes two clicks: the marker's square, then the
  // secret real square among those the rules allow for it.
  const camoDeploys = deploys.filter((c) => c.unit === deployUnit && c.hidden);
  const deployCamouflaged = camouflaged && camoDeploys.length > 0;
  const marker = deployCamouflaged && camoMarker && camoDeploys.some((c) => c.at.x === camoMarker.x && c.at.y === camoMarker.y) ? camoMarker : null;
  if (mode?.kind === "deploy" && deployUnit) {
    const isMech = moving?.kind === "mech";
    if (!deployCamouflaged) {
      squareCmds = deploys.filter((c) => c.unit === deployUnit && !c.hidden && (!isMech || c.stance === stance)).map((c) => ({ to: c.at, facing: c.facing, command: c, deploy: true }));
    } else {
      const fitting = camoDeploys.filter((c) => !isMech || c.stance === stance);
      // Facings offered are those of the camouflaged deployments.
      squareCmds = fitting.map((c) => ({ to: c.at, facing: c.facing, command: c, deploy: true }));
    }
  } else if (mode?.kind === "manoeuvre") {
    squareCmds = manoeuvres.map((c) => ({ to: c.to, facing: c.facing, command: c, deploy: false }));
  } else if (mode?.kind === "act") {
    const mine = acts.filter((c) => c.part === mode.part && c.action === mode.action);
    const from = unitOf(view, mine[0]?.unit ?? "")?.at;
    // A scatter lists each move with its drop on the start or on the destination square (seed 000 1.5.5).
    const dropKind = (c: (typeof mine)[number]) => (from && c.drops?.[0]?.x === from.x && c.drops[0].y === from.y ? "start" : "end");
    squareCmds = mine.filter((c) => c.to && c.facing && (!c.drops || dropKind(c) === dropAt)).map((c) => ({ to: c.to as { x: number; y: number }, facing: c.facing as Facing, command: c, deploy: false }));
    launchSquares = mine
      .filter((c) => c.to && !c.facing)
      .map((c) => ({ square: c.to as { x: number; y: number }, command: c, label: t("actions.launchTo", { square: squareName(c.to as { x: number; y: number }) }) }));
    const placements = mine.filter((c) => c.squares);
    smokeOptions = smokeAnchor ? placements.filter((c) => c.squares?.some((q) => q.x === smokeAnchor.x && q.y === smokeAnchor.y)) : [];
    const seen = new Set<string>();
    for (const c of placements) {
      for (const q of c.squares ?? []) {
        if (seen.has(`${q.x},${q.y}`)) continue;
        seen.add(`${q.x},${q.y}`);
        launchSquares.push(
          c.squares?.length === 1
            ? { square: q, command: c, label: t("actions.smokeSquare", { square: squareName(q) }) }
            : { square: q, pick: () => setSmokeAnchor(q), label: t("actions.smokeAnchor", { square: squareName(q) }) },
        );
      }
    }
    targets = mine.filter((c) => c.target).map((c) => ({ unit: c.target as string, label: t("board.attack", { unit: unitLabel(view, c.target as string, name) }), command: c }));
    const unit = unitOf(view, mine[0]?.unit ?? "");
    const action = unit?.kind === "mech" ? catalog.parts.get(unit.parts[mode.part].partId)?.actions.find((a) => a.id === mode.action) : undefined;
    if (unit && action?.effect.kind === "attack") sight = { from: unit.id, range: action.effect.range, shooting: action.effect.attack === "shoot" };
  } else if (mode?.kind === "drone") {
    const mine = droneCmds.filter((c) => c.drone === mode.drone && c.mech === giver);
    squareCmds = mine.flatMap((c) => (c.order.kind === "move" ? [{ to: c.order.to, facing: c.order.facing, command: c as EmberCommand, deploy: false }] : []));
  }
  const facings = new Set(squareCmds.map((c) => c.facing));
  const squares: SquareChoice[] = deployCamouflaged && mode?.kind === "deploy" ? camouflageSquares() : [
    ...squareCmds
      .filter((c) => c.facing === facing)
      .map((c) => ({
        square: c.to,
        command: c.command,
        label: c.deploy ? t("board.deployTo", { square: squareName(c.to), facing: t(`facing.${c.facing}`) }) : t("board.moveTo", { square: squareName(c.to), facing: t(`facing.${c.facing}`) }),
      })),
    ...launchSquares,
  ];

  /** The board's choices for a camouflaged deployment: marker squares, then real squares. */
  function camouflageSquares(): SquareChoice[] {
    const shown = squareCmds.filter((c) => c.facing === facing);
    if (!marker) {
      const seen = new Set<string>();
      return shown.flatMap((c) => {
        const key = `${c.to.x},${c.to.y}`;
        if (seen.has(key)) return [];
        seen.add(key);
        return [{ square: c.to, pick: () => setCamoMarker(c.to), label: t("board.camouflageMarker", { square: squareName(c.to), facing: t(`facing.${c.facing}`) }) }];
      });
    }
    return shown.flatMap((c) => {
      const hidden = c.command.type === "deploy" ? c.command.hidden : undefined;
      if (!hidden || c.to.x !== marker.x || c.to.y !== marker.y) return [];
      return [{ square: hidden, command: c.command, label: t("board.chooseRealSquare", { square: squareName(hidden) }) }];
    });
  }

  // Mission preparation (seed 001 3.3): an objective marker goes on a highlighted square.
  for (const c of ofType(legal, "place_objective")) {
    squares.push({ square: c.at, command: c, label: t("board.placeObjective", { square: squareName(c.at) }) });
  }
  // Optical camouflage (seed 000 6.2): the owner picks the secret real square on the board.
  if (mode?.kind === "act") {
    for (const c of acts) {
      if (c.part !== mode.part || c.action !== mode.action || !c.hidden) continue;
      squares.push({ square: c.hidden, command: c, label: t("board.chooseRealSquare", { square: squareName(c.hidden) }) });
    }
  }

  const shownUnitId = selected ?? view.activation?.unit ?? null;
  const shownUnit = shownUnitId ? (unitOf(view, shownUnitId) ?? null) : null;
  const flatEvents = events.flatMap((e) => e.events);
  const myTurn = seat !== null && awaitingSeats(view).includes(seat);
  useTurnAwareness(myTurn ? (view.pending?.seat === seat ? "decision" : "move") : null, localName(scenarioOf(view).name, i18n.language), {
    you: seat ? name(seat) : undefined,
    waiting: seat ? awaitingSeats(view).map(name) : undefined,
  });
  // The plan form is the current decision while the viewer's plan is not locked.
  const planning = seat !== null && view.phase === "plan" && ofType(legal, "lock_plan").length > 0;

  return (
    <div className="ember-table" data-seat={seat ?? "spectator"}>
      {banner}
      <Summary view={view} seat={seat} />
      <Result view={view} seat={seat} matchId={matchId} />
      <div className="table-grid">
        <div className="board-column">
          <BoardViewport label={t("board.name")}>
            <Board view={view} seat={seat} selected={selected} onSelectUnit={(id) => setSelected((s) => (s === id ? null : id))} squares={squares} targets={targets} onCommand={send} sight={sight} />
          </BoardViewport>
        </div>
        <div className="side-column">
          <section className="action-bar" aria-label={t("actionBar")}>
            {clock}
            {abandonment}
            <TurnLine view={view} seat={seat} />
            <BotNote bots={bots} waiting={awaitingSeats(view)} />
            {notice && (
              <p className="error" role="alert">
                ⚠ {notice}
              </p>
            )}
            <Decision view={view} seat={seat} legal={view.pending?.seat === seat ? legal : []} onCommand={send} />
            {planning && <PlanPanel key={`${view.round}:${view.phase}`} view={view} seat={seat} legal={legal} onCommand={send} />}
            {seat && view.phase !== "finished" && (
              <Controls
                view={view}
                seat={seat}
                legal={legal}
                onCommand={send}
                mode={mode}
                setMode={(m) => {
                  setMode(m);
                  setFacing(null);
                }}
                deployUnit={deployUnit}
                setDeployUnit={(id) => setSelected(id)}
                stance={stance}
                setStance={setStance}
                facing={facing}
                setFacing={setFacing}
                facings={facings}
                giver={giver}
                setGiver={setGiver}
                dropAt={dropAt}
                setDropAt={setDropAt}
                smokeOptions={smokeOptions}
                camouflage={
                  camoDeploys.length > 0
                    ? {
                        on: camouflaged,
                        set: (on) => {
                          setCamouflaged(on);
                          setCamoMarker(null);
                        },
                        marker,
                        clearMarker: () => setCamoMarker(null),
                      }
                    : undefined
                }
              />
            )}
            {seat && view.phase !== "finished" && (
              <p className="turn-alerts">
                <NotifyButton /> <SoundToggle />
              </p>
            )}
            <HowToPlayLink ruleset="ember" newTab />
          </section>
          {!planning && (view.phase === "plan" || Object.keys(view.revealed).length > 0) && <PlanPanel key={`${view.round}:${view.phase}`} view={view} seat={seat} legal={legal} onCommand={send} />}
          <AttackPanel view={view} events={flatEvents} />
          <UnitPanel view={view} unit={shownUnit} />
          <details className="legend">
            <summary>{t("board.legend")}</summary>
            <ul>
              <li>{t("board.legendMove")}</li>
              <li>{t("board.legendTarget")}</li>
              <li>{t("board.legendActive")}</li>
              <li>{t("board.legendParts")}</li>
              <li>{t("board.legendCamouflage")}</li>
            </ul>
          </details>
          <nav className="roster" aria-label={t("roster")}>
            <h3>{t("roster")}</h3>
            <ul>
              {view.units.map((u) => (
                <li key={u.id}>
                  <button type="button" aria-pressed={selected === u.id} onClick={() => setSelected(u.id)}>
                    {seatMark(view, u.owner)} {unitLabel(view, u.id, name)} · {t(`kind.${u.kind}`)}
                    {u.destroyed ? ` · ✕ ${t("destroyed")}` : !u.deployed ? ` · ${t("notDeployed")}` : u.kind === "mech" ? ` · ${t(`stanceShort.${u.stance}`)}` : ""}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <EventLog view={view} events={events} />
        </div>
      </div>
    </div>
  );
}
