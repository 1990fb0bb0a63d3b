/** EMBER's create form in the lobby: the army editor form (./CreateMatch.tsx) on the EMBER-shaped listings. */
import { useMemo } from "react";
import { emberRulesets } from "./listing";
import { CreateMatch } from "./CreateMatch";
import type { RulesetCreateFormProps } from "../adapter";

/** The form, offered when a hosted listing has EMBER's shape (scenarios and sample armies). */
export function EmberCreateForm({ api, listings, onCreated }: RulesetCreateFormProps) {
  const rulesets = useMemo(() => emberRulesets(listings), [listings]);
  return rulesets.length > 0 ? <CreateMatch api={api} rulesets={rulesets} onCreated={onCreated} /> : null;
}
