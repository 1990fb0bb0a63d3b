/**
 * The notification settings page's strings (namespace `notifications`), registered when the
 * page's code loads, so they stay out of the lobby's first load (its JavaScript budget,
 * apps/web/e2e/budget.ts). Every module that reads the `notifications` namespace imports this
 * file for its effect.
 */
import en from "./en/notifications.json";
import ko from "./ko/notifications.json";
import { addNamespace } from "./index";

addNamespace("notifications", { en, ko });
