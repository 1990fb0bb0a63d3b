/** The table's styles, rendered as a <style> element by TableView (no CSS import, so jest needs no mapper). */
export const TABLE_CSS = `
.ember-table { display: flex; flex-direction: column; gap: 0.6rem; }
.ember-table .connection .status { margin: 0; }
.ember-table .summary h2 { margin: 0.2rem 0; font-size: 1.15rem; }
.ember-table .summary .seats { list-style: none; padding: 0; margin: 0; }
.ember-table .team-badge { color: #fff; border-radius: 3px; padding: 0 4px; font-weight: 700; }
.ember-table .your-turn { font-weight: 700; }
.ember-board { width: 100%; height: auto; display: block; touch-action: manipulation; }
.ember-board [role="button"] { cursor: pointer; }
.ember-board [role="button"]:focus { outline: none; }
.ember-board [role="button"]:focus-visible { outline: 3px solid var(--accent); stroke: var(--accent); stroke-width: 4; }
.ember-board .choice-square:hover { fill-opacity: 0.45; }
.side-column > section:not(.action-bar), .roster, .legend { border: 1px solid var(--border); border-radius: 6px; padding: 0.5rem 0.7rem; background: var(--panel); margin-bottom: 0.6rem; }
.side-column h3 { margin: 0 0 0.3rem; font-size: 1rem; }
.control-group { border-top: 1px dashed var(--border); padding-top: 0.3rem; margin-top: 0.3rem; }
.control-group fieldset { border: 1px solid var(--border); margin: 0.3rem 0; }
.control-group label { margin-right: 0.7rem; white-space: nowrap; display: inline-block; min-height: 2rem; }
.facing-picker .unavailable { opacity: 0.5; }
.controls button, .decision button, .roster button { min-height: 2.2rem; margin: 0.15rem 0; }
.roster ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.3rem; }
.roster button[aria-pressed="true"], .controls button[aria-pressed="true"] { outline: 2px solid var(--fg); font-weight: 700; }
.decision.mine { border: 2px solid var(--bad); border-radius: 6px; padding: 0.5rem 0.8rem; background: var(--panel); }
.decision.waiting { font-style: italic; }
.decision .row button { white-space: normal; text-align: left; max-width: 100%; }
.decision button.default { border: 2px solid var(--fg); font-weight: 700; }
.decision .decision-note, .decision .decision-default { font-size: 0.9rem; margin: 0.3rem 0; }
.dice-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem; }
.dice-row .dice-label { min-width: 5rem; font-weight: 600; }
.die-slot { display: inline-flex; flex-direction: column; align-items: center; font-size: 0.7rem; }
.dice-inline svg { vertical-align: middle; margin-right: 1px; }
.attack-steps { padding-left: 1.2rem; }
.penetration { color: var(--bad); }
.unit-panel .table-scroll { overflow-x: auto; max-width: 100%; }
.unit-panel table { border-collapse: collapse; width: 100%; font-size: 0.85rem; }
.unit-panel th, .unit-panel td { border: 1px solid var(--border); padding: 0.15rem 0.3rem; text-align: left; vertical-align: top; }
.unit-panel tr.destroyed { text-decoration: line-through; opacity: 0.7; }
.unit-panel tr.damaged td:last-child { color: var(--bad); font-weight: 700; }
.unit-panel tr.part-actions td { border-top: none; background: var(--bg, transparent); font-size: 0.82rem; }
.unit-panel tr.part:has(+ tr.part-actions) > * { border-bottom: none; }
.unit-panel .actions { margin: 0.2rem 0; padding-left: 1rem; font-weight: 400; }
.unit-panel .facts { display: grid; grid-template-columns: auto 1fr; gap: 0.1rem 0.6rem; margin: 0.3rem 0; }
.unit-panel .facts dt { font-weight: 600; }
.unit-panel .facts dd { margin: 0; }
.event-log .log-lines { padding-left: 3.2em; font-size: 0.9rem; }
.result { border: 2px solid var(--ok); border-radius: 6px; padding: 0.6rem 0.9rem; background: var(--panel); }
.all-commands ul { max-height: 14rem; overflow: auto; padding-left: 1rem; }
button.danger { border-color: var(--bad); color: var(--bad); }
`;
