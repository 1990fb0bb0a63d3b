/** `pnpm chaos soak` (./soak.ts): parses the options, runs the soak, prints its report; exit 1 when it fails. */
import { parseArgs } from "node:util";
import { soak } from "./soak";

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--" && a !== "soak"),
  options: {
    minutes: { type: "string", default: "2" },
    matches: { type: "string", default: "50" },
    "backup-seconds": { type: "string", default: "30" },
    "fill-mb": { type: "string", default: "20" },
    "pace-ms": { type: "string", default: "100" },
  },
});
const num = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!(n > 0)) {
    console.error(`error: --${name} takes a positive number, not "${values[name]}"`);
    process.exit(2);
  }
  return n;
};
const options = { minutes: num("minutes"), matches: num("matches"), backupSeconds: num("backup-seconds"), fillMb: Number(values["fill-mb"]) || 0, paceMs: num("pace-ms") };
console.log(`== soak on the embedded database: ${options.minutes} min, ${options.matches} matches, a backup every ${options.backupSeconds} s, ${options.fillMb} MB of log first`);
const report = await soak({ ...options, log: (line) => console.log(`  ${line}`) });
const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
console.log(`  commands: ${report.commands}`);
console.log(`  longest time without an acknowledgement: ${report.longestGapMs} ms (slowest command ${report.slowestCommandMs} ms)`);
console.log(`  health answer: p99 ${report.healthP99Ms} ms, worst ${report.healthWorstMs} ms`);
console.log(`  peak memory (RSS): ${mb(report.peakRssBytes)}; data folder: ${mb(report.folderBytes)}; backups: ${report.backups.length}`);
console.log(`  restore after a clean stop and a damaged folder: ${report.lostAfterRestore} of the acknowledged commands missing (${report.matchesChecked} matches checked)`);
const ok = report.backups.length >= 2 && report.longestGapMs < 1000 && report.lostAfterRestore === 0;
console.log(ok ? "soak: OK" : "soak: FAILED (needs at least two backups, a longest gap under 1 s and no acknowledged command lost by the restore)");
process.exitCode = ok ? 0 : 1;
