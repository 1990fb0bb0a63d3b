/**
 * The tables' strings (namespace `table`: EMBER's table, its log and prompts, the muster, the
 * review's EMBER lines, the rules help's EMBER words), registered when a table, review or guide
 * page's code loads: they stay out of the lobby's first load (its JavaScript budget,
 * apps/web/e2e/budget.ts). Each route module whose pages read the `table` namespace imports this
 * file for its effect.
 */
import en from "./en/table.json";
import ko from "./ko/table.json";
import { addNamespace } from "./index";

addNamespace("table", { en, ko });
