/** The seat's hand of battle tactics on the Age of Sigmar table (its own only), with the deck's count. */
import { catalog, type SigmarView } from "@fogwar/sigmar";
import { abilityName, type SigmarWords } from "./words";
import { Tip } from "./tips";

/** The seat's hand of battle tactics (its own only), and the cards played. */
export function Hand({ w, view, seat }: { w: SigmarWords; view: SigmarView; seat: string }) {
  const hand = view.hands[seat] ?? [];
  return (
    <section className="hand" aria-labelledby="sigmar-hand-title">
      <h3 id="sigmar-hand-title">{w.t("hand")}</h3>
      {hand.length === 0 ? (
        <p>{w.t("noCards")}</p>
      ) : (
        <ul>
          {hand.map((id, i) => {
            const card = catalog.tactics.get(id);
            return (
              <li key={`${id}-${i}`} className="card">
                <strong>{abilityName(w, id)}</strong>: {card ? (w.language.startsWith("ko") ? card.text.ko : card.text.en) : ""}
              </li>
            );
          })}
        </ul>
      )}
      <p>
        {w.t("deckCount", { count: view.decks[seat] ?? 0 })} · <Tip t={w.t} tip="tactics" />
      </p>
    </section>
  );
}

