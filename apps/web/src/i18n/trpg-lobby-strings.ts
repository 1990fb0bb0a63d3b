/**
 * The TRPG lobby form's strings (namespace `trpgLobby`), registered when the form's code loads (it
 * loads when the lobby's TRPG section is opened), so they stay out of the lobby's first load.
 */
import en from "./en/trpgLobby.json";
import ko from "./ko/trpgLobby.json";
import { addNamespace } from "./index";

addNamespace("trpgLobby", { en, ko });
