/**
 * The seconds-long soak CI runs (`pnpm chaos soak` runs the full-size one, on a quiet machine):
 * matches play on the embedded database while backups are taken every 2 s, then the store stops
 * cleanly, its folder is damaged, and the restore from the backup set must hold every command
 * acknowledged during the soak. The times it measures (the longest gap without an
 * acknowledgement, the health answer) are printed, not asserted: they are benchmark figures.
 */
import { soak } from "../src/chaos/soak";

jest.setTimeout(300_000);

test("play across several backups loses no acknowledged command when the damaged folder is restored", async () => {
  const lines: string[] = [];
  const report = await soak({ minutes: 0.25, matches: 8, backupSeconds: 2, fillMb: 2, paceMs: 40, log: (line) => lines.push(line) });
  process.stdout.write(`soak (CI size): ${report.commands} commands, longest gap ${report.longestGapMs} ms, health p99 ${report.healthP99Ms} ms, ${report.backups.length} backups\n`);
  expect(report.backups.length).toBeGreaterThanOrEqual(2);
  expect(report.backups[0]?.file.kind).toBe("base");
  expect(report.backups.some((b) => b.file.kind === "increment")).toBe(true);
  expect(report.commands).toBeGreaterThan(0);
  expect(report.matchesChecked).toBeGreaterThanOrEqual(8);
  expect(report.lostAfterRestore).toBe(0);
  expect(lines.some((l) => l.startsWith("restored from the backup of"))).toBe(true);
});
