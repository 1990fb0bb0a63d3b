/**
 * Age of Sigmar's rules help (namespace `sigmarHelp`: `<tip>` explanations and `term.<tip>`
 * names), registered by the Age of Sigmar table and the how-to-play page: the other tables' rules
 * help (`help`) loads without them.
 */
import en from "./en/sigmarHelp.json";
import ko from "./ko/sigmarHelp.json";
import { addNamespace } from "./index";

addNamespace("sigmarHelp", { en, ko });
