/** The Siege table's styles (scoped under `.siege-table`). */
export const SIEGE_CSS = `
.siege-table { display: flex; flex-direction: column; gap: 0.4rem; }
.siege-table .summary h2 { margin: 0.2rem 0; font-size: 1.15rem; }
.siege-table .siege-map { margin: 0; }
.siege-table .siege-map figcaption { font-size: 0.9rem; color: var(--muted); }
.siege-table .side-column > section:not(.action-bar) { border: 1px solid var(--border); border-radius: 6px; padding: 0.4rem 0.7rem; background: var(--panel); margin-bottom: 0.6rem; }
.siege-table .side-column h3 { margin: 0 0 0.3rem; font-size: 1rem; }
.siege-table .pickable { cursor: pointer; }
.siege-table .model.pickable circle, .siege-table .token.pickable rect { stroke: #16a34a; stroke-width: 4; }
.siege-table .gadget.pickable rect { stroke: #16a34a; stroke-width: 3; }
.siege-table .wall-pick:hover, .siege-table .wall-pick:focus { stroke-opacity: 0.7; outline: none; }
.siege-table [role="button"]:focus-visible { outline: 3px solid var(--accent); }
.siege-table .field { margin: 0.25rem 0; }
.siege-table .field select { max-width: 100%; }
.siege-table .field.waiting label { font-weight: 600; }
.siege-table .siege-controls button { min-height: 2.2rem; margin: 0.1rem 0; }
.siege-table .secret-tokens ul { padding-left: 1.1rem; margin: 0; font-size: 0.9em; }
.siege-table .teams { list-style: none; padding: 0; margin: 0.25rem 0; }
.siege-table .team-attack strong { color: #c2410c; }
.siege-table .team-defence strong { color: #1d4ed8; }
.siege-table .your-turn { font-weight: bold; color: #166534; }
.siege-table .pending { background: #fef3c7; padding: 0.25rem 0.5rem; border-radius: 4px; }
.siege-table .cell.target { fill: #bbf7d0; cursor: pointer; stroke: #16a34a; stroke-width: 2; }
.siege-table .cell.target:hover, .siege-table .cell.target:focus { fill: #86efac; outline: none; }
.siege-table .kinds { display: flex; flex-wrap: wrap; gap: 0.25rem; }
.siege-table .kinds button[aria-pressed="true"] { outline: 2px solid #1d4ed8; font-weight: bold; }
.siege-table .command-list { list-style: none; padding: 0; margin: 0.3rem 0; }
.siege-table .command-list button { text-align: left; width: 100%; margin: 1px 0; }
.siege-table .fire-back .hint { font-size: 0.85em; color: var(--muted); margin: 0.2rem 0; }
.siege-table .operators ul { list-style: none; padding: 0; font-size: 0.9em; }
.siege-table .op-attack { border-left: 4px solid #c2410c; padding-left: 0.4rem; margin: 2px 0; }
.siege-table .op-defence { border-left: 4px solid #1d4ed8; padding-left: 0.4rem; margin: 2px 0; }
.siege-table .op.dead { opacity: 0.6; }
.siege-table .die { display: inline-block; min-width: 1.6em; text-align: center; border-radius: 4px; margin-right: 3px; font-weight: bold; color: #111; }
.siege-table .die-yellow { background: #fde047; }
.siege-table .die-orange { background: #fb923c; }
.siege-table .die-red { background: #f87171; }
.siege-table .log-lines { font-size: 0.9em; }
.siege-table .pick-form fieldset { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; }
.siege-table .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.siege-table .map-legend ul { list-style: none; padding-left: 0.3rem; margin: 0.2rem 0; font-size: 0.9em; columns: 2 14rem; }
.siege-table .upper-floor ul { padding-left: 1.2rem; }
`;
