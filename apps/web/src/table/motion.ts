/**
 * The table's small animations, as CSS: a unit (EMBER) or an operator model or secret token
 * (Siege) glides to its new square (0.25 s), a hit mark (a damaged or destroyed part, a damaged
 * drone, a wounded operator) flashes in (0.6 s), and a die tumbles as it appears (0.4 s). Under
 * `prefers-reduced-motion: reduce` every one of them is off: pieces jump, marks and dice simply
 * appear. Rendered inside the table's <style> element.
 */
export const MOTION_CSS = `
.ember-board .unit, .siege-map .model, .siege-map .token { transition: transform 250ms ease-out; }
.ember-board .hit-mark, .siege-map .hit-mark { animation: fogwar-hit 600ms ease-out; transform-box: fill-box; transform-origin: center; }
.die { animation: fogwar-die-roll 400ms ease-out; transform-origin: center; }
@keyframes fogwar-hit { 0% { opacity: 0; transform: scale(2.2); } 60% { opacity: 1; transform: scale(0.9); } 100% { transform: scale(1); } }
@keyframes fogwar-die-roll { 0% { opacity: 0; transform: rotate(-200deg) scale(0.4); } 70% { opacity: 1; transform: rotate(15deg) scale(1.08); } 100% { transform: rotate(0) scale(1); } }
@media (prefers-reduced-motion: reduce) {
  .ember-board .unit, .siege-map .model, .siege-map .token { transition: none; }
  .ember-board .hit-mark, .siege-map .hit-mark, .die { animation: none; }
}
`;
