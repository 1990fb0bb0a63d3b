/**
 * drizzle-kit configuration: the store's schema (src/store/schema.ts) and the workspace's
 * top-level migrations folder, which the server applies at start. After changing the schema:
 *
 *   cd apps/server && npx drizzle-kit generate --name <what-changed>
 *
 * and commit the new SQL file with its meta/ snapshot. Never edit an applied migration. (pnpm keeps
 * drizzle-orm out of drizzle-kit's own folder; should the command answer "Please install latest version
 * of drizzle-orm", link the workspace's drizzle-orm beside drizzle-kit in node_modules/.pnpm first.)
 */
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/store/schema.ts",
  out: "../../migrations",
  strict: true,
  verbose: true,
});
