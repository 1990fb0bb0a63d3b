/** A throwaway PostgreSQL database for the tests that start several server processes on one. */
import { randomBytes } from "node:crypto";
import pg from "pg";

/** Creates a fresh database on the server of `url`; `drop()` removes it. */
export async function freshDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fogwar_scale_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    url: fresh.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      try {
        await again.query(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}
