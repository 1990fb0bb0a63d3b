/**
 * The history review's strings (namespace `review`: the review page, its replayer and its
 * verification panel), registered when the review's code loads, so they stay out of the lobby's
 * first load (its JavaScript budget, apps/web/e2e/budget.ts). Every module that reads the `review`
 * namespace imports this file for its effect.
 */
import en from "./en/review.json";
import ko from "./ko/review.json";
import { addNamespace } from "./index";

addNamespace("review", { en, ko });
