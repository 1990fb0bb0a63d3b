/**
 * The Siege pages' strings (namespace `siege`), registered when a Siege page's code loads: they
 * stay out of the lobby's first load (its JavaScript budget, apps/web/e2e/budget.ts). Every
 * module that reads the `siege` namespace imports this file for its effect.
 */
import en from "./en/siege.json";
import ko from "./ko/siege.json";
import { addNamespace } from "./index";

addNamespace("siege", { en, ko });
