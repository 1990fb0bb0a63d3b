/**
 * The Siege map's upper floor (seed 004_cb264102299fbb71.txt "상층부와 진입로"), listed under the
 * map: each area with its access points and who is there (models and secret tokens), a model, a
 * token or the area itself a button while a click answers it.
 */
import { board, catalog, type SiegeView } from "@fogwar/siege";
import { opName, placeName, type SiegeWords } from "./words";
import { tokenKind } from "./map-marks";

/** The upper floor's areas (seed 004 "상층부와 진입로") with who is there (models and secret tokens). */
export function UpperFloor({ view, w, targets, onPick }: { view: SiegeView; w: SiegeWords; targets?: ReadonlySet<string>; onPick?: (p: string) => void }) {
  const map = catalog.maps.get(view.map);
  if (!map || map.upper.length === 0) return null;
  const real = view.hidden.real;
  return (
    <section className="upper-floor" aria-label={w.t("map.upper")}>
      <h4>{w.t("map.upper")}</h4>
      <ul>
        {map.upper.map((area) => {
          const place = board.up(area.id);
          const models = Object.values(view.operators).filter((o) => o.at === place);
          const tokens = view.tokens.filter((tk) => tk.at === place);
          return (
            <li key={area.id} data-place={place}>
              <strong>{w.language.startsWith("ko") ? area.name.ko : area.name.en}</strong> ({area.accessPoints.map((a) => placeName(w, board.sq(a.at[0], a.at[1]), view.map)).join(", ")})
              {models.map((o) =>
                targets?.has(o.id) ? (
                  <button key={o.id} type="button" className={`model model-${o.team} pickable`} onClick={() => onPick?.(o.id)}>
                    {opName(w, o.id)}
                  </button>
                ) : (
                  <span key={o.id} className={`model model-${o.team}`}> · {opName(w, o.id)}</span>
                ),
              )}
              {tokens.map((tk) => {
                const kind = tokenKind(real, tk.operator, tk.id);
                const answer = targets?.has(tk.id) ? tk.id : targets?.has(tk.operator) ? tk.operator : null;
                const label = w.t(`token.${kind}`, { op: opName(w, tk.operator) });
                return answer ? (
                  <button key={tk.id} type="button" className={`token token-${kind} pickable`} onClick={() => onPick?.(answer)}>
                    {label}
                  </button>
                ) : (
                  <span key={tk.id} className={`token token-${kind}`}>
                    {" "}
                    · {label}
                  </span>
                );
              })}
              {targets?.has(place) && (
                <>
                  {" "}
                  <button type="button" className="pickable" onClick={() => onPick?.(place)}>
                    ➜ {placeName(w, place, view.map)}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
