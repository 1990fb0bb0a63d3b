/**
 * The selected unit's warscroll and state: characteristics, weapons, abilities, keywords, each rule
 * term (Move, Save, Health, Ward, strike-first and strike-last, flying, a hero's guard, the weapon
 * abilities, random characteristics, tokens) explained on hover and on tap.
 */
import { Fragment } from "react";
import { catalog, hasFlag, stateFromView, strikeOf, type SigmarView } from "@fogwar/sigmar";
import { attacksCount, local, unitName, type SigmarWords } from "./words";
import { Tip, weaponAbilityTip } from "./tips";

export function UnitCard({ w, view, unit }: { w: SigmarWords; view: SigmarView; unit: string }) {
  const u = view.units[unit];
  if (!u) return null;
  const ws = catalog.warscrolls.get(u.warscroll);
  if (!ws) return null;
  const t = w.t;
  const state = stateFromView(view);
  const strike = u.where === "field" ? strikeOf(state, state.units[unit]!) : null;
  // "anti:<keyword>" reads as "Anti-<keyword>" ("anti:charge": a unit that charged); the crits' ids hold a
  // colon, which is no namespace here.
  const weaponAbility = (a: string) => {
    const text = a.startsWith("anti:") ? t("weaponAbility.anti", { keyword: t(`keyword.${a.slice(5)}`) }) : t(`weaponAbility.${a}`, { nsSeparator: false });
    const tip = weaponAbilityTip(a);
    return tip ? (
      <Tip key={a} t={t} tip={tip}>
        {text}
      </Tip>
    ) : (
      text
    );
  };
  const enhancement = u.enhancement ? catalog.enhancements.get(u.enhancement) : undefined;
  // A weapon's characteristics; with a random one (D3, D6) they explain how it is rolled.
  const random = (v: number | string) => typeof v === "string";
  const stats = (wp: (typeof ws.weapons)[number]) => t("unit.stats", { count: attacksCount(wp.attacks), attacks: wp.attacks, hit: wp.hit, wound: wp.wound, rend: wp.rend, damage: wp.damage });
  // The unit's models: how many are left of its size, or, before it is on the battlefield or once destroyed, its size alone.
  const modelsText =
    u.where === "undeployed"
      ? t("unit.notDeployed", { count: u.size })
      : u.where === "reserve"
        ? t("unit.inReserve", { count: u.size })
        : u.where === "destroyed"
          ? t("unit.destroyed", { count: u.size })
          : t("unit.models", { left: u.models.length, count: u.size });
  return (
    <section className="unit-card" aria-labelledby="sigmar-unit-title">
      <h3 id="sigmar-unit-title">{unitName(w, view, unit)}</h3>
      <p>
        {modelsText} · {t("unit.damage", { n: u.damage })} · <Tip t={t} tip="move">{t("unit.move", { n: ws.move })}</Tip> ·{" "}
        <Tip t={t} tip="save">{t("unit.save", { n: ws.save })}</Tip> · <Tip t={t} tip="health">{t("unit.health", { n: ws.health })}</Tip>
        {ws.ward !== undefined && (
          <>
            {" "}
            · <Tip t={t} tip="ward">{t("unit.ward", { n: ws.ward })}</Tip>
          </>
        )}
        {strike && (
          <>
            {" "}
            · <Tip t={t} tip={strike === "first" ? "strikeFirst" : "strikeLast"} />
          </>
        )}
        {u.where === "field" && hasFlag(state, state.units[unit]!, "fly") && (
          <>
            {" "}
            · <Tip t={t} tip="fly" />
          </>
        )}
      </p>
      <p>
        {t("unit.keywords")}:{" "}
        {ws.keywords.map((k, i) => (
          <Fragment key={k}>
            {i > 0 && ", "}
            {k === "hero" ? <Tip t={t} tip="guarded">{t(`keyword.${k}`)}</Tip> : t(`keyword.${k}`)}
          </Fragment>
        ))}
      </p>
      <h4>
        <Tip t={t} tip="weapon">
          {t("unit.weapons")}
        </Tip>
      </h4>
      <ul>
        {ws.weapons.map((wp) => (
          <li key={wp.id}>
            <strong>{local(w, wp.name)}</strong> ({wp.kind === "melee" ? t("unit.melee") : t("unit.range", { n: wp.range })}):{" "}
            {random(wp.attacks) || random(wp.damage) ? <Tip t={t} tip="random">{stats(wp)}</Tip> : stats(wp)}
            {wp.abilities.map((a) => (
              <Fragment key={a}>
                {" "}
                · {weaponAbility(a)}
              </Fragment>
            ))}
          </li>
        ))}
      </ul>
      {(ws.abilities.length > 0 || enhancement) && (
        <>
          <h4>
            <Tip t={t} tip="abilities" />
          </h4>
          <ul>
            {[...ws.abilities, ...(enhancement ? [enhancement] : [])].map((a) => (
              <li key={a.id}>
                <strong>{local(w, a.name)}</strong>: {local(w, a.text)}
              </li>
            ))}
          </ul>
        </>
      )}
      {view.tokens.filter((x) => x.unit === unit).map((x) => (
        <p key={x.id}>
          <Tip t={t} tip="token">
            {t("unit.token", { kind: t(`token.${x.kind}`) })}
          </Tip>
        </p>
      ))}
    </section>
  );
}
