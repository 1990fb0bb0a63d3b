/** The selected unit's warscroll and state: characteristics, weapons, abilities, keywords. */
import { catalog, hasFlag, query, stateFromView, strikeOf, type SigmarView } from "@fogwar/sigmar";
import { local, unitName, type SigmarWords } from "./words";

export function UnitCard({ w, view, unit }: { w: SigmarWords; view: SigmarView; unit: string }) {
  const u = view.units[unit];
  if (!u) return null;
  const ws = catalog.warscrolls.get(u.warscroll);
  if (!ws) return null;
  const t = w.t;
  const state = stateFromView(view);
  const strike = u.where === "field" ? strikeOf(state, state.units[unit]!) : null;
  const weaponAbility = (a: string) => (a.startsWith("anti:") ? t("weaponAbility.anti", { keyword: a === "anti:charge" ? t("controls.charge", { target: "" }).trim() : t(`keyword.${a.slice(5)}`) }) : t(`weaponAbility.${a}`));
  const enhancement = u.enhancement ? catalog.enhancements.get(u.enhancement) : undefined;
  return (
    <section className="unit-card" aria-labelledby="sigmar-unit-title">
      <h3 id="sigmar-unit-title">{unitName(w, view, unit)}</h3>
      <p>
        {t("unit.models", { count: u.models.length, size: u.size })} · {t("unit.damage", { n: u.damage })} · {t("unit.move", { n: ws.move })} · {t("unit.save", { n: ws.save })} · {t("unit.health", { n: ws.health })}
        {ws.ward !== undefined && <> · {t("unit.ward", { n: ws.ward })}</>}
        {strike && <> · {t(strike === "first" ? "unit.strikeFirst" : "unit.strikeLast")}</>}
        {u.where === "field" && hasFlag(state, state.units[unit]!, "fly") && <> · {t("keyword.fly")}</>}
      </p>
      <p>
        {t("unit.keywords")}: {ws.keywords.map((k) => t(`keyword.${k}`)).join(", ")}
      </p>
      <h4>{t("unit.weapons")}</h4>
      <ul>
        {ws.weapons.map((wp) => (
          <li key={wp.id}>
            <strong>{local(w, wp.name)}</strong> ({wp.kind === "melee" ? t("unit.melee") : t("unit.range", { n: wp.range })}):{" "}
            {t("unit.stats", { attacks: wp.attacks, hit: wp.hit, wound: wp.wound, rend: wp.rend, damage: wp.damage })}
            {wp.abilities.length > 0 && <> · {wp.abilities.map(weaponAbility).join(", ")}</>}
          </li>
        ))}
      </ul>
      {(ws.abilities.length > 0 || enhancement) && (
        <>
          <h4>{t("unit.abilities")}</h4>
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
        <p key={x.id}>{t("unit.token", { kind: t(`token.${x.kind}`) })}</p>
      ))}
      {void query}
    </section>
  );
}
