/** The Age of Sigmar table's styles (scoped under `.sigmar-table`). */
export const SIGMAR_CSS = `
.sigmar-table { display: flex; flex-direction: column; gap: 0.4rem; }
.sigmar-table .summary h2 { margin: 0.2rem 0; font-size: 1.15rem; }
.sigmar-table .sides { list-style: none; padding: 0; margin: 0.2rem 0; }
.sigmar-table .side-p1 strong { color: #1d4ed8; }
.sigmar-table .side-p2 strong { color: #b91c1c; }
.sigmar-table .rule-note { font-size: 0.85em; color: var(--muted); margin: 0; }
.sigmar-table .sigmar-map { width: 100%; height: auto; display: block; user-select: none; }
.sigmar-table .sigmar-map .field { fill: #ecf3df; stroke: #4d5b3a; stroke-width: 12; }
.sigmar-table .sigmar-map .tick { stroke: #4d5b3a; stroke-width: 6; }
.sigmar-table .sigmar-map .territory { fill-opacity: 0.12; }
.sigmar-table .sigmar-map .territory-p1 { fill: #2563eb; }
.sigmar-table .sigmar-map .territory-p2 { fill: #dc2626; }
.sigmar-table .sigmar-map .terrain-wall rect { fill: #78716c; stroke: #44403c; stroke-width: 8; }
.sigmar-table .sigmar-map .terrain-stone > rect:last-child { fill: #a8a29e; stroke: #57534e; stroke-width: 8; }
.sigmar-table .sigmar-map .aura { fill: #a78bfa; fill-opacity: 0.06; stroke: #7c3aed; stroke-dasharray: 30 20; stroke-width: 6; }
.sigmar-table .sigmar-map .objective-range { fill: none; stroke: #ca8a04; stroke-width: 8; stroke-dasharray: 40 25; }
.sigmar-table .sigmar-map .objective-marker { fill: #facc15; stroke: #854d0e; stroke-width: 8; }
.sigmar-table .sigmar-map .unit { cursor: pointer; }
.sigmar-table .sigmar-map .unit.draggable { cursor: grab; }
.sigmar-table .sigmar-map .unit.target circle { stroke: #16a34a; }
.sigmar-table .sigmar-map .unit.selected circle { stroke: #111827; }
.sigmar-table .sigmar-map .unit:focus-visible { outline: none; }
.sigmar-table .sigmar-map .unit:focus-visible circle { stroke: #f59e0b; stroke-width: 18; }
.sigmar-table .sigmar-map .unit-label { font-size: 70px; text-anchor: middle; fill: #111827; paint-order: stroke; stroke: #fff; stroke-width: 14px; pointer-events: none; }
.sigmar-table .sigmar-map .token { fill: #7c3aed; stroke: #fff; stroke-width: 6; }
.sigmar-table .sigmar-map .combat-range { fill: #ef4444; fill-opacity: 0.05; stroke: #ef4444; stroke-opacity: 0.3; stroke-width: 4; }
.sigmar-table .sigmar-map .plan .ghost { fill-opacity: 0.35; stroke-width: 10; }
.sigmar-table .sigmar-map .plan.legal .ghost { fill: #22c55e; stroke: #15803d; }
.sigmar-table .sigmar-map .plan.illegal .ghost { fill: #ef4444; stroke: #991b1b; }
.sigmar-table .sigmar-map .plan .ruler { stroke: #111827; stroke-width: 8; stroke-dasharray: 20 12; }
.sigmar-table .sigmar-map .scale line { stroke: #111827; stroke-width: 14; }
.sigmar-table .map-legend { list-style: none; display: flex; flex-wrap: wrap; gap: 0.1rem 0.9rem; padding: 0; margin: 0.3rem 0 0; font-size: 0.85em; }
.sigmar-table .map-legend li { white-space: nowrap; }
.sigmar-table .map-legend .swatch { vertical-align: -3px; }
.sigmar-table .ruler-line.legal { color: #166534; }
.sigmar-table .ruler-line.illegal { color: #991b1b; font-weight: 600; }
.sigmar-table .side-column > section:not(.action-bar) { border: 1px solid var(--border); border-radius: 6px; padding: 0.4rem 0.7rem; background: var(--panel); margin-bottom: 0.6rem; }
.sigmar-table .side-column h3 { margin: 0 0 0.3rem; font-size: 1rem; }
.sigmar-table .side-column h4 { margin: 0.3rem 0 0.1rem; font-size: 0.95rem; }
.sigmar-table .command-list { list-style: none; padding: 0; margin: 0.3rem 0; }
.sigmar-table .command-list button { text-align: left; width: 100%; margin: 1px 0; min-height: 2.2rem; }
.sigmar-table .command-list button[aria-pressed="true"] { outline: 2px solid #1d4ed8; font-weight: bold; }
.sigmar-table .pending { background: #fef3c7; padding: 0.25rem 0.5rem; border-radius: 4px; }
.sigmar-table .your-turn { font-weight: bold; color: #166534; }
.sigmar-table .hint { font-size: 0.9em; color: var(--muted); }
.sigmar-table .die { display: inline-block; min-width: 1.5em; text-align: center; border-radius: 4px; margin-right: 2px; font-weight: bold; background: #e5e7eb; color: #111; }
.sigmar-table .die.six { background: #bbf7d0; }
.sigmar-table .die.one { background: #fecaca; }
.sigmar-table .stages { padding-left: 1.1rem; margin: 0.2rem 0; }
.sigmar-table .weapons { list-style: none; padding: 0; margin: 0; }
.sigmar-table .mods { display: block; font-size: 0.85em; color: var(--muted); }
.sigmar-table .log-lines { font-size: 0.9em; }
.sigmar-table .hand ul { padding-left: 1.1rem; margin: 0.2rem 0; }
.sigmar-table .muster-units { list-style: none; padding: 0; }
.sigmar-table .muster-units li { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 2px 0; }
`;
