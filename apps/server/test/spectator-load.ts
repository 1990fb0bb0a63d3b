/**
 * A load of spectators from another process (so the test's heap holds the server only):
 * `node --import tsx spectator-load.ts <ws url> <match id> <count>` joins `count` spectators,
 * 50 at a time, keeps them all joined, then leaves with every one and exits 0 (1 on an error).
 */
import { Client, type Room } from "@colyseus/sdk";
import { PROTOCOL_VERSION } from "@fogwar/protocol";

const [ws, matchId, countText] = process.argv.slice(2);
const count = Number(countText);
const rooms: Room[] = [];
try {
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, () => new Client(ws as string).joinById(matchId as string, { role: "spectator", protocol: PROTOCOL_VERSION }));
    rooms.push(...(await Promise.all(batch)));
  }
  process.stdout.write(`joined ${rooms.length}\n`);
  await new Promise((resolve) => process.stdin.once("data", resolve));
  await Promise.all(rooms.map((room) => room.leave(true)));
  process.exit(0);
} catch (error) {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
}
