/**
 * The secret muster (docs/rules/sigmar.md C2): the seat builds its army list from a sample list
 * (units added or removed, each on the battlefield or in reserve, one enhancement for a hero) and
 * locks it as a commitment; it may unlock while the other player has not locked. The other seat
 * and spectators see only who has locked. The army rules, reserves and enhancements explain
 * themselves on hover and on tap.
 */
import { useMemo, useState } from "react";
import { armyPoints, catalog, type ArmyList, type SigmarCommand, type SigmarView } from "@fogwar/sigmar";
import { listName, local, warscrollName, type SigmarWords } from "./words";
import { Tip } from "./tips";
import { listProblems } from "./listProblems";
import { WarscrollStats } from "./WarscrollStats";

/** The list's points against the limit: a bar that turns to the warning colour over the limit, with the numbers in words. */
function PointsBar({ w, points }: { w: SigmarWords; points: number }) {
  const limit = catalog.rules.pointsLimit;
  const over = points > limit;
  return (
    <div className={`points-bar${over ? " over" : ""}`}>
      <div className="points-track" aria-hidden="true">
        <div className="points-fill" style={{ width: `${Math.min(100, (points / limit) * 100)}%` }} />
      </div>
      <p className="points-text" role={over ? "alert" : undefined}>
        {w.t("muster.points", { points, limit })}
        {over ? ` · ${w.t("muster2.over", { over: points - limit })}` : ` · ${w.t("muster2.left", { left: limit - points })}`}
      </p>
    </div>
  );
}

export function Muster({ w, view, seat, onCommand }: { w: SigmarWords; view: SigmarView; seat: string | null; onCommand: (c: SigmarCommand) => void }) {
  const t = w.t;
  const mine = seat ? view.muster.seats[seat] : undefined;
  const [list, setList] = useState<ArmyList>(() => mine?.list ?? catalog.armies[seat === "p2" ? 2 : 0]!);
  const problems = useMemo(() => listProblems(w, list), [w, list]);
  const faction = catalog.factions.get(list.faction);
  const [picked, setAdding] = useState(faction?.warscrolls[0]?.id ?? "");
  // A warscroll of the list's faction (another sample list may have changed the faction).
  const adding = faction?.warscrolls.some((x) => x.id === picked) ? picked : (faction?.warscrolls[0]?.id ?? "");
  const set = (units: ArmyList["units"]) => setList({ ...list, units });
  return (
    <section className="muster" aria-labelledby="sigmar-muster-title">
      <h3 id="sigmar-muster-title">{t("muster.title")}</h3>
      <p>{t("muster.explain")}</p>
      <p className="hint">
        <Tip t={t} tip="armyList" /> · <Tip t={t} tip="reserves" /> · <Tip t={t} tip="enhancement" />
      </p>
      <ul className="muster-seats">
        {view.seats.map((s) => (
          <li key={s}>
            {w.name(s)}: {view.muster.seats[s]?.locked ? t("muster.locked") : t("muster.notLocked")}
          </li>
        ))}
      </ul>
      {seat && mine?.locked && (
        <>
          <p role="status">{t("muster2.lockedYours")}</p>
          {view.seats.some((s) => !view.muster.seats[s]?.locked) && (
            <button type="button" onClick={() => onCommand({ type: "unlock_army" })}>
              {t("muster.unlock")}
            </button>
          )}
        </>
      )}
      {seat && mine && !mine.locked && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (problems.length === 0) onCommand({ type: "lock_army", army: list });
          }}
        >
          <label>
            {t("lobby.sample")}{" "}
            <select value={catalog.armies.findIndex((a) => a.name === list.name)} onChange={(e) => setList(catalog.armies[Number(e.target.value)] ?? list)}>
              {catalog.armies.map((a, i) => (
                <option key={a.name} value={i}>
                  {listName(w, a.name)} · {local(w, catalog.factions.get(a.faction)?.name)}
                </option>
              ))}
            </select>
          </label>
          <PointsBar w={w} points={armyPoints(list)} />
          <ul className="muster-units">
            {list.units.map((u, i) => {
              const ws = catalog.warscrolls.get(u.warscroll);
              return (
                <li key={i}>
                  <strong>{warscrollName(w, u.warscroll)}</strong> · {t("muster2.pointsOf", { points: ws?.points ?? 0 })}
                  <label>
                    <input type="checkbox" checked={u.reserve === true} onChange={(e) => set(list.units.map((x, j) => (j === i ? { ...x, reserve: e.target.checked || undefined } : x)))} /> {t("muster.reserve")}
                  </label>
                  {ws?.keywords.includes("hero") && (
                    <label>
                      {t("muster.enhancement")}{" "}
                      <select value={u.enhancement ?? ""} onChange={(e) => set(list.units.map((x, j) => (j === i ? { warscroll: x.warscroll, ...(x.reserve ? { reserve: true } : {}), ...(e.target.value ? { enhancement: e.target.value } : {}) } : x)))}>
                        <option value="">{t("muster.none")}</option>
                        {faction?.enhancements.map((en) => (
                          <option key={en.id} value={en.id}>
                            {local(w, en.name)}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}
                  <button type="button" onClick={() => set(list.units.filter((_, j) => j !== i))}>
                    {t("muster.remove")}
                  </button>
                  <WarscrollStats w={w} warscroll={u.warscroll} />
                </li>
              );
            })}
          </ul>
          <p>
            <select value={adding} onChange={(e) => setAdding(e.target.value)} aria-label={t("muster.add")}>
              {faction?.warscrolls.map((ws) => (
                <option key={ws.id} value={ws.id}>
                  {local(w, ws.name)} · {ws.points}
                </option>
              ))}
            </select>{" "}
            <button type="button" onClick={() => adding && set([...list.units, { warscroll: adding }])}>
              {t("muster.add")}
            </button>
          </p>
          {adding && (
            <div className="add-preview">
              <p className="hint">{t("muster2.preview", { unit: warscrollName(w, adding) })}</p>
              <WarscrollStats w={w} warscroll={adding} />
            </div>
          )}
          {problems.length > 0 && (
            <div className="error list-problems" role="alert">
              <p>{t("muster.problems")}</p>
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          )}
          <button type="submit" className="primary" disabled={problems.length > 0}>
            {t("muster.lock")}
          </button>
        </form>
      )}
      {seat && view.seats.filter((s) => s !== seat && !view.muster.seats[s]?.locked).map((s) => <p key={s}>{t("muster.waiting", { name: w.name(s) })}</p>)}
    </section>
  );
}
