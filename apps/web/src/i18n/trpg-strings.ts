/**
 * The TRPG pages' strings (namespace `trpg`), registered when a TRPG page's code loads: they stay
 * out of the lobby's first load. Every module that reads the `trpg` namespace imports this file
 * for its effect.
 */
import en from "./en/trpg.json";
import ko from "./ko/trpg.json";
import { addNamespace } from "./index";

addNamespace("trpg", { en, ko });
