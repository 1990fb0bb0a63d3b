/** The Siege table's styles (scoped under `.siege-table`). */
export const SIEGE_CSS = `
.siege-table .siege-layout { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.siege-table .siege-map { flex: 1 1 480px; margin: 0; min-width: 0; }
.siege-table aside { flex: 1 1 320px; min-width: 0; }
.siege-table .teams { list-style: none; padding: 0; margin: 0.25rem 0; }
.siege-table .team-attack strong { color: #c2410c; }
.siege-table .team-defence strong { color: #1d4ed8; }
.siege-table .your-turn { font-weight: bold; color: #166534; }
.siege-table .pending { background: #fef3c7; padding: 0.25rem 0.5rem; border-radius: 4px; }
.siege-table .cell.target { fill: #bbf7d0; cursor: pointer; stroke: #16a34a; stroke-width: 2; }
.siege-table .cell.target:hover, .siege-table .cell.target:focus { fill: #86efac; outline: none; }
.siege-table .kinds { display: flex; flex-wrap: wrap; gap: 0.25rem; }
.siege-table .kinds button[aria-pressed="true"] { outline: 2px solid #1d4ed8; font-weight: bold; }
.siege-table .command-list { list-style: none; padding: 0; max-height: 16rem; overflow: auto; }
.siege-table .command-list button { text-align: left; width: 100%; margin: 1px 0; }
.siege-table .operators ul { list-style: none; padding: 0; font-size: 0.9em; }
.siege-table .op-attack { border-left: 4px solid #c2410c; padding-left: 0.4rem; margin: 2px 0; }
.siege-table .op-defence { border-left: 4px solid #1d4ed8; padding-left: 0.4rem; margin: 2px 0; }
.siege-table .op.dead { opacity: 0.6; }
.siege-table .die { display: inline-block; min-width: 1.6em; text-align: center; border-radius: 4px; margin-right: 3px; font-weight: bold; color: #111; }
.siege-table .die-yellow { background: #fde047; }
.siege-table .die-orange { background: #fb923c; }
.siege-table .die-red { background: #f87171; }
.siege-table .log-lines { max-height: 18rem; overflow: auto; font-size: 0.9em; }
.siege-table .pick-form fieldset { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; }
.siege-table .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.siege-table .upper-floor ul { padding-left: 1.2rem; }
`;
