/** The review's styles, rendered as a <style> element (no CSS import, so jest needs no mapper). */
export const REVIEW_CSS = `
.review-page { display: flex; flex-direction: column; gap: 0.6rem; }
.review-page h1 { margin: 0.3rem 0; font-size: 1.35rem; }
.review-with-chat { display: flex; flex-direction: column; gap: 0.6rem; min-width: 0; }
.review-main { min-width: 0; }
@media (min-width: 1200px) {
  .review-with-chat { display: grid; grid-template-columns: minmax(0, 1fr) 20rem; gap: 1rem; align-items: start; }
  .review-with-chat > .chat-panel { position: sticky; top: 0.5rem; margin: 0; }
}
.review-page .meta { margin: 0; color: var(--muted); }
/* In a replay the action bar only says who acts at the step: it stays in the page, not pinned over the board (on a phone, at the window's foot). */
.review-page .action-bar { position: static; max-height: none; box-shadow: none; }
.review-controls { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; border: 1px solid var(--border); border-radius: 6px; padding: 0.5rem 0.7rem; background: var(--panel); position: sticky; top: 0; z-index: 2; }
.review-controls .stepper { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; max-width: 100%; }
@media (max-width: 480px) {
  .review-controls .stepper { flex: 1 1 100%; display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); align-items: stretch; }
  .review-controls .stepper .counter { order: -1; grid-column: 1 / -1; }
  .review-controls .stepper button { min-width: 0; padding-inline: 0.2rem; display: flex; flex-direction: column; align-items: center; justify-content: center; line-height: 1.2; }
  /* On a phone each button shows its arrow over its word, all four alike. */
  .review-controls .stepper button .label { order: 1; font-size: 0.85rem; }
}
/* The keys hint is for keyboards: a touch screen without hover (a phone) has none, and the pinned controls stay short. */
@media (hover: none) {
  .review-controls .keys { display: none; }
}
.review-controls button { min-height: 2.2rem; min-width: 2.6rem; }
.review-controls .counter { font-variant-numeric: tabular-nums; font-weight: 700; min-width: 6rem; text-align: center; }
.review-controls input[type="range"] { flex: 1 1 12rem; min-width: 8rem; }
.review-controls .keys { flex-basis: 100%; margin: 0; font-size: 0.85rem; color: var(--muted); }
.review-rounds ul { list-style: none; padding: 0; margin: 0.2rem 0; display: flex; flex-wrap: wrap; gap: 0.3rem; }
.review-rounds button[aria-current="step"] { outline: 2px solid var(--fg); font-weight: 700; }
.review-columns { display: grid; grid-template-columns: minmax(0, 1fr) minmax(260px, 22rem); gap: 1rem; align-items: start; }
@media (max-width: 1000px) { .review-columns { grid-template-columns: 1fr; } }
.review-step, .review-verify, .review-rounds, .review-live { border: 1px solid var(--border); border-radius: 6px; padding: 0.5rem 0.7rem; background: var(--panel); margin-bottom: 0.6rem; }
.review-step h2, .review-verify h2, .review-rounds h2 { margin: 0 0 0.3rem; font-size: 1rem; }
.review-step ul, .review-verify ul { padding-left: 1.2rem; margin: 0.2rem 0; }
.review-verify .ok { color: var(--ok); font-weight: 700; }
.review-verify .failed { color: var(--bad); font-weight: 700; }
.review-verify .verdict { border-radius: 4px; padding: 0.3rem 0.5rem; border: 2px solid currentColor; }
.review-verify code { word-break: break-all; }
.review-live ol { padding-left: 2.5rem; }
`;
