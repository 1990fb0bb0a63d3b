/** `useListings()`: every hosted ruleset's listing (`GET /api/rulesets`), empty until it arrives or when it fails. */
import { useEffect, useState } from "react";
import { api as defaultApi } from "../api";
import type { RulesetListing } from "../rulesets/adapter";

export function useListings(): readonly RulesetListing[] {
  const [listings, setListings] = useState<readonly RulesetListing[]>([]);
  useEffect(() => {
    let live = true;
    defaultApi.listings().then((l) => live && setListings(l), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return listings;
}
