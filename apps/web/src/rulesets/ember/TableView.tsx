/**
 * The whole EMBER table from plain data: a projection, the viewer's seat (null for spectators),
 * the legal commands, the events and an `onCommand` callback. No connection here: the container
 * (Table.tsx) feeds it from `useMatch`, tests feed it states made by the engine.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSeatNamer } from "../../table/names";
import type { TableViewProps as SharedTableViewProps } from "../../table/view-props";
import { catalog, type EmberCommand, type EmberEvent, type EmberView } from "@fogwar/ember";
import type { Facing } from "@fogwar/engine";
import { AttackPanel } from "./AttackPanel";
import { Board, boardFocus, squareFocus, type SquareChoice, type TurnChoice, type UnitChoice } from "./Board";
import { Controls, type DeployStance, type Mode } from "./Controls";
import { Decision } from "./Decision";
import { EventLog } from "./EventLog";
import { MusterScreen } from "./Muster";
import { PlanPanel } from "./PlanPanel";
import { TerrainLegend } from "./TerrainLegend";
import { UnitPanel } from "./UnitPanel";
import { HowToPlayLink } from "../../help/HowToPlayLink";
import { NotifyButton, SoundToggle } from "../../table/TableChrome";
import { Later } from "../../table/Later";
import { BoardViewport } from "../../table/BoardViewport";
import { openingView, type Opening } from "./opening";
import { Result, Summary, awaitingSeats, useTurnLine } from "./Header";
import { ActionBar, useFold } from "../../table/ActionBar";
import { BotNote } from "../../table/BotNote";
import { useTurnAwareness } from "../../table/turn";
import { localName, ofType, scenarioOf, seatMark, squareName, unitLabel, unitOf, unitShort } from "./model";
import "../../i18n/table-strings";
import "../../help/RuleTip.css";
import "../../table/motion.css";
import "./table.css";

/** The EMBER table's props (../../table/view-props.ts). */
export type TableViewProps = SharedTableViewProps<EmberView, EmberCommand, EmberEvent>;
export { awaitingSeats };


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

function BattleView({ view, seat, legal, onCommand, events, banner, notice, clock, abandonment, bots }: TableViewProps) {
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

  // What the viewer must see now (on a phone it may stand under the bar): its ground while it
  // deploys, its unit as its activation begins.
  const active = view.activation ? unitOf(view, view.activation.unit) : undefined;
  const followAt = deploys.length > 0 ? boardFocus(view, seat) : active?.owner === seat && active.at && legal.length > 0 ? squareFocus(active.at) : null;
  const follow = followAt ? { key: deploys.length > 0 ? `deploy:${deployUnit}` : `act:${view.round}:${active!.id}`, at: followAt } : null;

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
  // Turning in place: the unit's own square is under its token, so each new facing there gets an arrow.
  const here = moving?.at;
  const turns: TurnChoice[] =
    here && mode?.kind !== "deploy"
      ? squareCmds.filter((c) => c.to.x === here.x && c.to.y === here.y && c.facing !== moving.facing).map((c) => ({ at: here, facing: c.facing, command: c.command, label: t("help.turnTo", { facing: t(`facing.${c.facing}`) }) }))
      : [];
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
  // On a phone the bar folds while the viewer only waits (../../table/ActionBar.tsx).
  const fold = useFold(!myTurn);
  const turn = useTurnLine(view, seat);
  // How the board opens (./opening.ts): worked out once a round (a new round's board opens afresh,
  // on the viewer's units as they stand for its plan), and once the viewer's side is known, for the
  // window's width as it is then. A zoom the player chose (the frame tells it, onZoomChosen) is kept
  // into the next round, the board opening on the units at it; a new width starts afresh.
  const width = globalThis.innerWidth ?? 1280;
  const openingKey = `${view.round}:${seat && view.sides?.[seat] ? "side" : "none"}:${width}`;
  const opening = useRef<Opening & { key: string }>(null);
  const chosenZoom = useRef<{ zoom: number; width: number } | null>(null);
  const onZoomChosen = useCallback((zoom: number) => (chosenZoom.current = { zoom, width }), [width]);
  if (opening.current?.key !== openingKey) {
    const fresh = openingView(view, seat, { width, height: globalThis.innerHeight ?? 800 });
    const chosen = chosenZoom.current?.width === width ? chosenZoom.current.zoom : null;
    opening.current = { key: openingKey, ...fresh, zoom: chosen ?? fresh.zoom };
  }

  return (
    <div className="ember-table" data-seat={seat ?? "spectator"}>
      {banner}
      <Result view={view} seat={seat} />
      <div className="table-grid">
        <div className="board-column">
          <Later placeholder={<div className="board-placeholder" aria-busy="true" />}>
            <BoardViewport key={`round-${view.round}`} label={t("board.name")} initialZoom={opening.current.zoom} focus={opening.current.focus} follow={follow} onZoomChosen={onZoomChosen}>
              <Board view={view} seat={seat} selected={selected} onSelectUnit={(id) => setSelected((s) => (s === id ? null : id))} squares={squares} targets={targets} onCommand={send} sight={sight} turns={turns} />
            </BoardViewport>
          </Later>
        </div>
        <div className="side-column">
          <ActionBar label={t("actionBar")} fold={fold} clock={clock} abandonment={abandonment} turn={turn}>
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
            <Later>
              {seat && view.phase !== "finished" && (
                <p className="turn-alerts">
                  <NotifyButton /> <SoundToggle />
                </p>
              )}
              <HowToPlayLink ruleset="ember" newTab />
            </Later>
          </ActionBar>
          <Later>
            <Summary view={view} seat={seat} />
            <UnitPanel view={view} unit={shownUnit} seat={seat} />
            <AttackPanel view={view} events={flatEvents} />
            {!planning && (view.phase === "plan" || Object.keys(view.revealed).length > 0) && <PlanPanel key={`${view.round}:${view.phase}`} view={view} seat={seat} legal={legal} onCommand={send} />}
            <details className="legend">
              <summary>{t("board.legend")}</summary>
              <ul>
                <li>{t("board.legendMove")}</li>
                <li>{t("board.legendTarget")}</li>
                <li>{t("board.legendActive")}</li>
                <li>{t("board.legendParts")}</li>
                <li>{t("board.legendCamouflage")}</li>
                <TerrainLegend view={view} />
              </ul>
            </details>
            <nav className="roster" aria-label={t("roster")}>
              <h3>{t("roster")}</h3>
              <ul>
                {view.units.map((u) => (
                  <li key={u.id}>
                    <button type="button" aria-pressed={selected === u.id} onClick={() => setSelected(u.id)}>
                      {seatMark(view, u.owner)} <strong className="unit-short">{unitShort(view, u.id)}</strong> {unitLabel(view, u.id, name)} · {t(`kind.${u.kind}`)}
                      {u.destroyed ? ` · ✕ ${t("destroyed")}` : !u.deployed ? ` · ${t("notDeployed")}` : u.kind === "mech" ? ` · ${t(`stanceShort.${u.stance}`)}` : ""}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            <EventLog view={view} events={events} />
          </Later>
        </div>
      </div>
    </div>
  );
}
