/**
 * A warscroll's characteristics for the list builder: models, Move, Health, Save, Ward, Control,
 * and each weapon's range, Attacks, Hit, Wound, Rend and Damage with its abilities, each term
 * explained on hover and on tap.
 */
import { catalog } from "@fogwar/sigmar";
import { attacksCount, local, type SigmarWords } from "./words";
import { Tip } from "./tips";

export function WarscrollStats({ w, warscroll }: { w: SigmarWords; warscroll: string }) {
  const ws = catalog.warscrolls.get(warscroll);
  if (!ws) return null;
  const t = w.t;
  const ability = (a: string) => (a.startsWith("anti:") ? t("weaponAbility.anti", { keyword: t(`keyword.${a.slice(5)}`) }) : t(`weaponAbility.${a}`, { nsSeparator: false }));
  return (
    <div className="warscroll-stats">
      <p className="stats-line">
        {t("muster2.models", { count: ws.models })} · <Tip t={t} tip="move">{t("unit.move", { n: ws.move })}</Tip> · <Tip t={t} tip="health">{t("unit.health", { n: ws.health })}</Tip> ·{" "}
        <Tip t={t} tip="save">{t("unit.save", { n: ws.save })}</Tip>
        {ws.ward !== undefined && <> · {t("unit.ward", { n: ws.ward })}</>} · {t("muster2.control", { n: ws.control })}
        {ws.keywords.length > 0 && <> · {ws.keywords.map((k) => t(`keyword.${k}`)).join(", ")}</>}
      </p>
      <ul className="weapon-lines">
        {ws.weapons.map((wp) => (
          <li key={wp.id}>
            <strong>{local(w, wp.name)}</strong> ({wp.kind === "melee" ? t("unit.melee") : t("unit.range", { n: wp.range })}): {t("unit.stats", { count: attacksCount(wp.attacks), attacks: wp.attacks, hit: wp.hit, wound: wp.wound, rend: wp.rend, damage: wp.damage })}
            {wp.abilities.length > 0 && <> · {wp.abilities.map(ability).join(", ")}</>}
          </li>
        ))}
      </ul>
    </div>
  );
}
