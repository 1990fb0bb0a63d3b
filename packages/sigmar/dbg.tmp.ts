import { Match, seatViewer } from "@fogwar/engine";
import { sigmar, heuristicChoice, legalCommandsInView, templatesInView, stateFromView } from "./src";
const m = new Match(sigmar, { seats: ["p1", "p2"] }, "shots");
let attacks = 0;
for (let n = 0; n < 3000; n++) {
  const s = m.state;
  if (s.result) break;
  if (s.phase === "battle" && s.round >= 2 && s.active === "p1" && s.step === "movement" && !s.pending && attacks >= 2) break;
  const seat = sigmar.awaiting(s)[0]!;
  const t0 = performance.now();
  const c = heuristicChoice(sigmar.viewFor(s, seatViewer(seat)), seat)!;
  const dt = performance.now() - t0;
  if (dt > 200) console.log("slow choice", dt.toFixed(0), s.step, c.type);
  if (c.type === "shoot" || c.type === "fight") attacks++;
  const r = m.submit(seat, c);
  if (!r.ok) throw new Error(r.error.code);
}
const v = sigmar.viewFor(m.state, seatViewer("p1"));
let t0 = performance.now();
const legal = legalCommandsInView(v, "p1");
console.log("legal", legal.length, (performance.now() - t0).toFixed(0));
t0 = performance.now();
const tpl = templatesInView(v, "p1");
console.log("templates", tpl.length, (performance.now() - t0).toFixed(0), m.state.round, m.state.step);
