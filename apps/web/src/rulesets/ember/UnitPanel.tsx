/**
 * The unit panel: a mech's parts (armour, structure, evasion, EW, parry, mobility, actions with
 * timing, length and dice, damage tokens and destroyed marks), its pilot (link and the six
 * initiative numbers) and tokens; or a drone's card.
 */
import { Fragment, type ReactNode } from "react";
import { RuleTip } from "../../help/RuleTip";
import { useTranslation } from "react-i18next";
import { useSeatNamer } from "../../table/names";
import { PART_SLOTS, TIMINGS, catalog, type Action, type EmberView, type UnitState } from "@fogwar/ember";
import { DieFace } from "./Dice";
import { KeywordTip } from "./KeywordTip";
import { droneCardOf, localName, partOf, pilotOf, squareName, unitLabel } from "./model";
import "../../i18n/help-strings";
import "../../i18n/table-strings";

function ActionLine({ action, tokens }: { action: Action; tokens?: number }) {
  const { t, i18n } = useTranslation("table");
  const e = action.effect;
  return (
    <li className="action-line">
      <strong>{localName(action.name, i18n.language)}</strong> · {t(`timing.${action.timing}`)} · {t(`panel.length.${action.length}`)}
      {e.kind === "attack" && (
        <>
          {" "}
          · {t(`attack.mode.${e.attack}`)} · {t("panel.range", { range: e.range })} ·{" "}
          <span className="dice-inline" aria-label={t("panel.dice", { yellow: e.dice.yellow, red: e.dice.red })}>
            {Array.from({ length: e.dice.yellow }, (_, i) => (
              <DieFace key={`y${i}`} size={16} die={{ die: "yellow", face: { result: "blank", count: 1, hollow: false } }} />
            ))}
            {Array.from({ length: e.dice.red }, (_, i) => (
              <DieFace key={`r${i}`} size={16} die={{ die: "red", face: { result: "blank", count: 1, hollow: false } }} />
            ))}{" "}
            {t("panel.dice", { yellow: e.dice.yellow, red: e.dice.red })}
          </span>
          {e.keywords.map((k, i) => (
            <Fragment key={k}>
              {i === 0 ? " · " : ", "}
              <KeywordTip keyword={k} />
            </Fragment>
          ))}
        </>
      )}
      {e.kind === "attack" && e.interception !== undefined && (
        <> · {t(e.interceptOnly ? "panel.interceptOnly" : "panel.interception", { x: e.interception })}{tokens !== undefined && <> · {t("board.interceptTokens", { tokens })}</>}</>
      )}
      {e.kind === "move" && <> · {t("panel.moveRange", { range: e.range })}</>}
      {e.kind === "recover_link" && <> · {t("panel.recover", { amount: e.amount })}</>}
      {e.kind === "resupply" && <ResupplyWords amount={e.amount} range={e.range} ammo={e.ammo} />}
      {action.linkCost !== undefined && <> · {t("panel.linkCost", { cost: action.linkCost })}</>}
      {action.commandCost !== undefined && <> · {t("panel.commandCost", { cost: action.commandCost })}</>}
      {action.coordination !== undefined && <> · {t("panel.coordination", { count: action.coordination })}</>}
      {action.charge && <> · ⚡</>}
      {e.kind === "launch" && (
        <>
          {" "}
          · {t(`log.fire.${e.fire}`)} · {t("panel.range", { range: e.range })} · {e.projectile ? localName(catalog.projectiles.get(e.projectile)?.name ?? { en: e.projectile, ko: e.projectile }, i18n.language) : localName(catalog.drones.get(e.drone ?? "")?.name ?? { en: e.drone ?? "", ko: e.drone ?? "" }, i18n.language)}
        </>
      )}
      {e.kind === "smoke" && <> · {t("panel.smoke", { cards: e.cards, range: e.range })}</>}
      {e.kind === "electronic_attack" && (
        <>
          {" "}
          · {t("panel.electronicAttack")} · {t("panel.range", { range: e.range })}
          {e.strength > 0 && <> · {t("panel.strength", { strength: e.strength })}</>}
          {e.linkLoss > 0 && <> · {t("panel.linkLoss", { amount: e.linkLoss })}</>}
          {e.detect && <> · {t("panel.detect")}</>}
        </>
      )}
      {e.kind === "electronic_support" && <> · {t("panel.electronicSupport")} · {t("panel.range", { range: e.range })} · {t("panel.grantLowObservable")}</>}
      {e.kind === "camouflage" && <> · {t("panel.camouflage", { concealment: e.concealment })}</>}
      {e.kind === "decloak" && <> · {t("panel.decloak")}</>}
      {action.silent && <> · {t("panel.silent")}</>}
    </li>
  );
}

/** The actions whose ammo tokens of kind `ammo` a resupply flips, by name (seed 000 7). */
function ammoUsers(ammo: string, language: string): string {
  const names = new Set<string>();
  for (const part of catalog.parts.values()) for (const a of part.actions) if (a.ammo?.kind === ammo) names.add(localName(a.name, language));
  return [...names].join(", ");
}

/** A resupply action in words, with its rule on hover and tap (seed 000 7). */
function ResupplyWords({ amount, range, ammo }: { amount: number; range: number; ammo: string }) {
  const { t, i18n } = useTranslation("table");
  const uses = ammoUsers(ammo, i18n.language);
  const words = t("panel.resupply", { amount, range, uses });
  return (
    <>
      {" · "}
      <RuleTip term={words} help={t("panel.resupplyHelp", { amount, range, uses })}>
        <span data-resupply={ammo}>{words}</span>
      </RuleTip>
    </>
  );
}

/**
 * A unit's sheet: its name and kind (`kind`, in words), its facts (owner and position `where`
 * first, then `facts`), then `children` (cards, tables).
 */
function Sheet(props: { view: EmberView; unit: UnitState; name: (seat: string) => string; kind: string; where: string; facts: ReactNode; children?: ReactNode }) {
  const { view, unit, name, kind, where, facts, children } = props;
  const { t } = useTranslation("table");
  return (
    <section className="unit-panel" aria-label={t("panel.title")} data-unit-panel={unit.id}>
      <h3>
        {unitLabel(view, unit.id, name)} · {kind}
      </h3>
      <dl className="facts">
        <dt>{t("panel.owner")}</dt>
        <dd>{name(unit.owner)}</dd>
        <dt>{t("panel.position")}</dt>
        <dd>{where}</dd>
        {facts}
      </dl>
      {children}
    </section>
  );
}

export interface UnitPanelProps {
  readonly view: EmberView;
  readonly unit: UnitState | null;
  /** The viewer's seat (null for spectators): its own mech's dial, unset, is not set yet rather than hidden. */
  readonly seat?: string | null;
}

export function UnitPanel({ view, unit, seat = null }: UnitPanelProps) {
  const { t, i18n } = useTranslation("table");
  const name = useSeatNamer(view.seats);
  if (!unit) {
    return (
      <section className="unit-panel" aria-label={t("panel.title")}>
        <p>{t("panel.none")}</p>
      </section>
    );
  }
  const where = unit.destroyed ? t("destroyed") : unit.at ? squareName(unit.at) : t("notDeployed");
  if (unit.kind === "drone") {
    const card = droneCardOf(unit);
    return (
      <Sheet view={view} unit={unit} name={name} kind={t("kind.drone")} where={where}
        facts={
          <>
          <dt>{t("panel.facing")}</dt>
          <dd>{t(`facing.${unit.facing}`)}</dd>
          {card && (
            <>
              <dt>{t("panel.stance")}</dt>
              <dd>{t(`stance.${card.stance}`)}</dd>
              <dt>{t("panel.armour")}</dt>
              <dd>{card.armour}</dd>
              <dt>{t("panel.structure")}</dt>
              <dd>{card.structure ?? "-"}</dd>
              <dt>{t("panel.evasion")}</dt>
              <dd>{card.evasion}</dd>
              <dt>{t("panel.ew")}</dt>
              <dd>{card.ew ?? "-"}</dd>
              <dt>{t("panel.movement")}</dt>
              <dd>
                {card.movement.squares} · {t(`panel.movementMode.${card.movement.mode}`)}
              </dd>
            </>
          )}
          <dt>{t("panel.tokens")}</dt>
          <dd>
            {[unit.damaged ? t("damaged") : null, unit.commanded ? t("panel.commanded") : null].filter(Boolean).join(", ") || "-"}
          </dd>
          </>
        }
      >
        {card && (
          <>
            <h4>{t("panel.commandAction")}</h4>
            <ul>
              <ActionLine action={card.commandAction} />
            </ul>
            {card.automaton && (
              <>
                <h4>{t("panel.automatonAction")}</h4>
                <ul>
                  <ActionLine action={card.automaton.action} />
                </ul>
                <p>{t(card.automaton.targeting.prefer ? "panel.targetingPrefer" : "panel.targeting", { kind: card.automaton.targeting.prefer ? t(`kind.${card.automaton.targeting.prefer}`) : "" })}</p>
              </>
            )}
          </>
        )}
      </Sheet>
    );
  }
  const pilot = pilotOf(unit);
  const dial = view.revealed[unit.id] ?? view.plans[unit.owner]?.dials?.[unit.id];
  return (
    <Sheet view={view} unit={unit} name={name} kind={t("kind.mech")} where={where}
      facts={
        <>
        <dt>{t("panel.stance")}</dt>
        <dd>
          <RuleTip term={t(`stance.${unit.stance}`)} help={t(`help:stance.${unit.stance}`)}>
            {t(`stance.${unit.stance}`)}
          </RuleTip>
        </dd>
        <dt>{t("panel.facing")}</dt>
        <dd>{t(`facing.${unit.facing}`)}</dd>
        <dt>{t("panel.link")}</dt>
        <dd>
          <RuleTip term={t("panel.link")} help={t("help:status.link")}>
            {t("panel.linkValue", { link: unit.link, max: unit.linkMax })}
          </RuleTip>
        </dd>
        <dt>{t("panel.dial")}</dt>
        <dd>
          {dial ? (
            <RuleTip term={t(`timing.${dial}`)} help={t(`help:timing.${dial}`)}>
              {t(`timing.${dial}`)}
            </RuleTip>
          ) : (
            // Set in secret in the plan phase (seed 001 5): the owner's own dial is unset until its plan is locked.
            t(unit.owner === seat ? "panel.dialUnset" : "panel.dialHidden")
          )}
        </dd>
        <dt>{t("panel.tokens")}</dt>
        <dd>
          <RuleTip term={t("panel.commandTokens")} help={t("help:status.commandTokens")}>
            {t("panel.commandTokens")}: {unit.commandTokens}
          </RuleTip>
        </dd>
        </>
      }
    >
      {pilot && (
        <div className="pilot">
          <h4>
            {t("panel.pilot")}: {localName(pilot.name, i18n.language)}
          </h4>
          <div className="table-scroll">
          <table className="initiative">
            <caption>{t("panel.initiative")}</caption>
            <thead>
              <tr>
                {TIMINGS.map((timing, i) => (
                  <th key={timing} scope="col">
                    {t("timingNumbered", { n: i + 1, name: t(`timing.${timing}`) })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {pilot.initiative.map((n, i) => (
                  <td key={i}>{n}</td>
                ))}
              </tr>
            </tbody>
          </table>
          </div>
        </div>
      )}
      <div className="table-scroll">
      <table className="parts">
        <caption>{t("panel.parts")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("panel.part")}</th>
            <th scope="col">{t("panel.armour")}</th>
            <th scope="col">{t("panel.structure")}</th>
            <th scope="col">{t("panel.evasion")}</th>
            <th scope="col">{t("panel.ew")}</th>
            <th scope="col">{t("panel.parry")}</th>
            <th scope="col">{t("panel.state")}</th>
          </tr>
        </thead>
        <tbody>
          {PART_SLOTS.map((slot) => {
            const state = unit.parts[slot];
            const card = partOf(unit, slot);
            return (
              <Fragment key={slot}>
              <tr className={state.destroyed ? "part destroyed" : state.damaged ? "part damaged" : "part"} data-part={slot}>
                <th scope="row">
                  <RuleTip term={t(`slot.${slot}`)} help={t(`help:part.${slot}`)}>
                    {t(`slot.${slot}`)}
                  </RuleTip>
                  {card && <div className="part-name">{localName(card.name, i18n.language)}</div>}
                </th>
                {/* data-label: in a panel under 600 px the header row is hidden and each value is labelled in its own cell (./table.css). */}
                <td data-label={t("panel.armour")}>{card?.armour ?? "-"}</td>
                <td data-label={t("panel.structure")}>{card?.structure ?? "-"}</td>
                <td data-label={t("panel.evasion")}>{card?.evasion ?? "-"}</td>
                <td data-label={t("panel.ew")}>{card?.ew ?? "-"}</td>
                <td data-label={t("panel.parry")}>{card?.parry ?? "-"}</td>
                <td className="part-state">
                  {(() => {
                    const status = state.destroyed ? "destroyed" : state.damaged ? "damaged" : "intact";
                    return (
                      <RuleTip term={t(status)} help={t(`help:status.${status}`)}>
                        {`${status === "destroyed" ? "✕" : status === "damaged" ? "!" : "✓"} ${t(status)}`}
                      </RuleTip>
                    );
                  })()}
                  {state.discarded && <div>{t("panel.discardedCard")}</div>}
                  {card?.actions
                    .filter((a) => a.ammo)
                    .map((a) => (
                      <div key={`ammo-${a.id}`}>{t("panel.ammo", { left: state.ammo?.[a.id] ?? a.ammo?.uses, uses: a.ammo?.uses })}</div>
                    ))}
                  {state.charged && state.charged.length > 0 && <div>⚡ {t("panel.charged")}</div>}
                </td>
              </tr>
              {/* The part's actions on a row of their own, across the table: the stats stay narrow. */}
              {card && (card.actions.length > 0 || card.mobility !== undefined) && (
                <tr className="part-actions" data-part-actions={slot}>
                  <td colSpan={7}>
                    {card.actions.length > 0 && (
                      <ul className="actions">
                        {card.actions.map((a) => (
                          <ActionLine key={a.id} action={a} tokens={view.interception?.[`${unit.id}:${slot}:${a.id}`]} />
                        ))}
                      </ul>
                    )}
                    {card.mobility !== undefined && (
                      <div>
                        {t("panel.mobility")}: {card.mobility}
                      </div>
                    )}
                  </td>
                </tr>
              )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      </div>
    </Sheet>
  );
}
