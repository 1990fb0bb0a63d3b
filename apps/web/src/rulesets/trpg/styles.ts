/** The TRPG table's styles (scoped under `.trpg-table`). */
export const TRPG_CSS = `
.trpg-table { display: flex; flex-direction: column; gap: 0.4rem; }
.trpg-table .summary h2 { margin: 0.2rem 0; font-size: 1.15rem; }
.trpg-table .summary p { margin: 0.15rem 0; }
.trpg-table .sides { list-style: none; padding: 0; margin: 0.2rem 0; }
.trpg-table .side-column > section:not(.action-bar) { border: 1px solid var(--border); border-radius: 6px; padding: 0.4rem 0.7rem; background: var(--panel); margin-bottom: 0.6rem; }
.trpg-table .side-column h3 { margin: 0 0 0.3rem; font-size: 1rem; }
.trpg-table .side-column h4 { margin: 0.3rem 0 0.1rem; font-size: 0.95rem; }
.trpg-table .trpg-map { width: 100%; height: auto; display: block; }
.trpg-table .trpg-map .edge { font-size: 10px; fill: var(--muted, #555); }
.trpg-table .trpg-map .initials { font-size: 11px; font-weight: 700; pointer-events: none; }
.trpg-table .trpg-map .target { fill: #bbf7d0; fill-opacity: 0.75; stroke: #16a34a; stroke-width: 2; cursor: pointer; }
.trpg-table .trpg-map .target:hover, .trpg-table .trpg-map .target:focus { fill: #86efac; outline: none; }
.trpg-table .trpg-map .token.pickable circle { stroke: #16a34a; stroke-width: 4; cursor: pointer; }
.trpg-table .trpg-map .token.active circle { stroke: #f59e0b; stroke-width: 3; }
.trpg-table .trpg-map .token.incapacitated circle { fill: #9ca3af; }
.trpg-table [role="button"]:focus-visible { outline: 3px solid var(--accent); }
.trpg-table .your-turn { font-weight: bold; color: #166534; }
.trpg-table .decision { background: #fef3c7; padding: 0.3rem 0.6rem; border-radius: 4px; }
.trpg-table .decision button, .trpg-table .singles button, .trpg-table .round-end button, .trpg-table .builder button { min-height: 2.2rem; margin: 0.15rem 0.2rem 0.15rem 0; }
.trpg-table .singles { display: flex; flex-wrap: wrap; gap: 0.2rem; }
.trpg-table .singles .end, .trpg-table .round-end .end { font-weight: bold; }
.trpg-table .kinds { display: flex; flex-wrap: wrap; gap: 0.2rem 0.8rem; border: 1px solid var(--border); border-radius: 4px; margin: 0.3rem 0; }
.trpg-table .kinds label { white-space: nowrap; }
.trpg-table .builder select, .trpg-table .round-end select, .trpg-table .gm-console select { max-width: 100%; }
.trpg-table .hint { color: var(--muted, #555); font-size: 0.9em; margin: 0.2rem 0; }
.trpg-table .pips { display: inline-flex; gap: 2px; vertical-align: middle; }
.trpg-table .pip { width: 0.7rem; height: 0.7rem; border-radius: 50%; border: 1px solid #166534; display: inline-block; }
.trpg-table .pip.full { background: #16a34a; }
.trpg-table .ap-ledger ul, .trpg-table .roster ul { padding-left: 1.1rem; margin: 0.2rem 0; font-size: 0.92em; }
.trpg-table .initiative ol { padding-left: 1.4rem; margin: 0.2rem 0; }
.trpg-table .initiative .current { font-weight: bold; }
.trpg-table .initiative .past { color: var(--muted, #666); }
.trpg-table .side-party strong, .trpg-table li.side-party { color: #1e3a8a; }
.trpg-table .side-enemies strong, .trpg-table li.side-enemies { color: #7f1d1d; }
.trpg-table .dice-log ol { max-height: 18rem; overflow-y: auto; padding-left: 2.4rem; margin: 0; font-size: 0.9em; }
.trpg-table .dice-log .private { background: #eef2ff; }
.trpg-table .dice-log .heard { font-style: italic; color: #4338ca; }
.trpg-table .gm-console { background: #fdf4ff; }
.trpg-table .gm-console label { display: inline-block; margin: 0.15rem 0.4rem 0.15rem 0; }
.trpg-table .result { background: #ecfdf5; border: 1px solid #6ee7b7; border-radius: 6px; padding: 0.3rem 0.7rem; }
.trpg-table .map-legend { list-style: none; display: flex; flex-wrap: wrap; gap: 0.1rem 0.9rem; padding: 0; margin: 0.3rem 0 0; font-size: 0.82em; color: var(--muted, #555); }
.trpg-table .map-legend li { white-space: nowrap; }
.trpg-table .map-legend .swatch { vertical-align: -2px; }
.trpg-table .concede { color: #991b1b; }
@media (max-width: 700px) {
  .trpg-table .summary h2 { font-size: 1rem; }
  .trpg-table .kinds { gap: 0.2rem 0.5rem; }
}
`;
