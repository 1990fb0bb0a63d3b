/**
 * The how-to-play guides' strings (namespace `guide`: `<ruleset>.title`, `.intro`, `.sections`,
 * and the page's `back`, `other` and `reference`), registered by the how-to-play page only: the
 * tables' rules help (`help`) loads without them.
 */
import en from "./en/guide.json";
import ko from "./ko/guide.json";
import { addNamespace } from "./index";

addNamespace("guide", { en, ko });
