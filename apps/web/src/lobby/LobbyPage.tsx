/**
 * The lobby, in the order a player looks for things:
 *  1. play now: online play (./PlayOnline.tsx: your games, the open tables, opening one, quick
 *     pairing; signed out, playing as a guest) and a match against the bot (./PlayBot.tsx);
 *  2. setting up a match with friends, one game at a time: a game picker (./GamePicker.tsx, the
 *     choice in the address as `?game=<id>`) and only the chosen game's create form, then its
 *     invite links;
 *  3. the lists of live and finished matches.
 * It offers every ruleset the server hosts (`GET /api/rulesets`) that has an adapter here
 * (../rulesets/registry.ts). Each create form is its own chunk, loaded only when its game is
 * chosen, so the lobby's first load carries no form.
 */
import { Suspense, lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from "react";
import { useTranslation } from "react-i18next";
import type { CreateMatchResponse } from "@fogwar/protocol";
import { ApiError, api as defaultApi, type Api } from "../api";
import { ErrorNote, Loading } from "../ui";
import { HowToPlayLink } from "../help/HowToPlayLink";
import { rulesetAdapters } from "../rulesets/registry";
import type { RulesetAdapter, RulesetCreateFormProps, RulesetListing } from "../rulesets/adapter";
import { GamePicker, useChosenGame } from "./GamePicker";
import { InviteLinks } from "./InviteLinks";
import { MatchLists } from "./MatchLists";
import "./lobby.css";

// The bot form reads the listings of the rulesets it offers (its own chunk).
const BotForm = lazy(() => import("./PlayBot").then((m) => ({ default: m.PlayBot })));
// Open tables, opening one and quick pairing (their own chunk, with the Colyseus lobby client).
const PlayOnline = lazy(() => import("./PlayOnline").then((m) => ({ default: m.PlayOnline })));
const forms = new Map<string, LazyExoticComponent<ComponentType<RulesetCreateFormProps>>>();

type Offered = { adapter: RulesetAdapter & Required<Pick<RulesetAdapter, "loadCreateForm">>; listing: RulesetListing };

/** A ruleset's create form as a lazy component (one per ruleset, its own chunk). */
function formOf(adapter: Offered["adapter"]) {
  let form = forms.get(adapter.id);
  if (!form) forms.set(adapter.id, (form = lazy(() => adapter.loadCreateForm().then((c) => ({ default: c })))));
  return form;
}

/** The rulesets both hosted by the server (in `listings`) and given a create form here, in the registry's order. */
function offeredIn(listings: readonly RulesetListing[]): Offered[] {
  return rulesetAdapters().flatMap((adapter) => {
    const listing = listings.find((l) => l.id === adapter.id);
    return listing && adapter.loadCreateForm ? [{ adapter: { ...adapter, loadCreateForm: adapter.loadCreateForm }, listing }] : [];
  });
}

/**
 * The lobby over `api` (default: this origin's). `online` shows the open tables and quick pairing,
 * which talk to this origin's server and lobby room (default: only with this origin's API).
 */
export function LobbyPage({ api = defaultApi, online = api === defaultApi }: { api?: Api; online?: boolean }) {
  const { t } = useTranslation("lobby");
  const [listings, setListings] = useState<RulesetListing[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [created, setCreated] = useState<CreateMatchResponse | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setError(null);
    // Every listing as the server sends it; each ruleset's form reads its own (rulesets/<id>/listing.ts).
    api.listings().then(
      (r) => live && setListings(r),
      (e: unknown) => live && setError(e instanceof ApiError ? e : new ApiError("network_error", String(e))),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);
  const offered = listings ? offeredIn(listings) : [];
  const [chosen, choose] = useChosenGame(offered.map((o) => o.adapter.id));
  const picked = offered.find((o) => o.adapter.id === chosen);

  return (
    <div className="lobby">
      <h1>{t("title")}</h1>
      <p className="guides">
        {rulesetAdapters()
          .filter((adapter) => adapter.hasGuide)
          .map((adapter, i) => (
            <span key={adapter.id}>
              {i > 0 && " · "}
              <HowToPlayLink ruleset={adapter.id} />
            </span>
          ))}
      </p>
      {error && (
        <>
          <ErrorNote error={error} title={t("rulesetsFailed")} />
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            {t("retry")}
          </button>
        </>
      )}
      {!listings && !error && <Loading what={t("loadingRulesets")} />}
      {listings && (
        <section className="lobby-now" aria-label={t("playNow")}>
          {online && (
            <Suspense fallback={<Loading what={t("loadingForms")} />}>
              <PlayOnline listings={listings} />
            </Suspense>
          )}
          <Suspense fallback={<Loading what={t("loadingForms")} />}>
            <BotForm api={api} listings={listings} initialRuleset={chosen ?? undefined} />
          </Suspense>
        </section>
      )}
      {listings && offered.length > 0 && (
        <section className="lobby-create" aria-labelledby="lobby-create-title">
          <h2 id="lobby-create-title">{t("createTitle")}</h2>
          {created ? (
            <InviteLinks created={created} onDone={() => setCreated(null)} />
          ) : (
            <>
              <p className="hint">{t("createExplain")}</p>
              <GamePicker games={offered.map((o) => o.adapter.id)} chosen={chosen} onChoose={choose} />
              {picked ? (
                <Suspense fallback={<Loading what={t("loadingForms")} />}>
                  <ChosenForm offered={picked} api={api} listings={listings} onCreated={setCreated} />
                </Suspense>
              ) : (
                <p className="hint pick-first">{t("pickGameFirst")}</p>
              )}
            </>
          )}
        </section>
      )}
      {listings && <MatchLists api={api} listings={listings} />}
    </div>
  );
}

/** The chosen game's create form (its chunk fetched on first choice). */
function ChosenForm({ offered, api, listings, onCreated }: { offered: Offered; api: Api; listings: readonly RulesetListing[]; onCreated: (created: CreateMatchResponse) => void }) {
  const Form = formOf(offered.adapter);
  return (
    <div className={`chosen-form chosen-${offered.adapter.id}`}>
      <Form key={offered.adapter.id} api={api} listing={offered.listing} listings={listings} onCreated={onCreated} />
    </div>
  );
}
