/**
 * The lobby: create a match (then share its links), and the lists of live and finished matches.
 * It offers every ruleset the server hosts (`GET /api/rulesets`) that has an adapter here
 * (../rulesets/registry.ts): each one's create form is its own chunk, a folded one loaded only
 * when opened.
 */
import { Suspense, lazy, useEffect, useMemo, useState, type ComponentType, type LazyExoticComponent } from "react";
import { useTranslation } from "react-i18next";
import type { CreateMatchResponse } from "@fogwar/protocol";
import { ApiError, api as defaultApi, emberRulesets, type Api } from "../api";
import { ErrorNote, Loading } from "../ui";
import { HowToPlayLink } from "../help/HowToPlayLink";
import { rulesetAdapters } from "../rulesets/registry";
import type { RulesetAdapter, RulesetCreateFormProps, RulesetListing } from "../rulesets/adapter";
import { InviteLinks } from "./InviteLinks";
import { MatchLists } from "./MatchLists";

// The bot form reads the listings of the rulesets it offers (its own chunk).
const BotForm = lazy(() => import("./PlayBot").then((m) => ({ default: m.PlayBot })));
// Open tables, opening one and quick pairing (their own chunk, with the Colyseus lobby client).
const PlayOnline = lazy(() => import("./PlayOnline").then((m) => ({ default: m.PlayOnline })));
const forms = new Map<string, LazyExoticComponent<ComponentType<RulesetCreateFormProps>>>();

/** A ruleset's create form as a lazy component (one per ruleset, its own chunk). */
function formOf(adapter: RulesetAdapter & Required<Pick<RulesetAdapter, "loadCreateForm">>) {
  let form = forms.get(adapter.id);
  if (!form) forms.set(adapter.id, (form = lazy(() => adapter.loadCreateForm().then((c) => ({ default: c })))));
  return form;
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
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    let live = true;
    setError(null);
    // Every listing as the server sends it (an Api without `listings` gives the EMBER-shaped ones).
    (api.listings ?? api.rulesets)().then(
      (r) => live && setListings(r),
      (e: unknown) => live && setError(e instanceof ApiError ? e : new ApiError("network_error", String(e))),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);
  const rulesets = useMemo(() => (listings ? emberRulesets(listings) : null), [listings]);
  // Offered: hosted by the server and known here, in the registry's order.
  const offered = listings ? rulesetAdapters().flatMap((adapter) => {
    const listing = listings.find((l) => l.id === adapter.id);
    return listing && adapter.loadCreateForm ? [{ adapter: { ...adapter, loadCreateForm: adapter.loadCreateForm }, listing }] : [];
  }) : [];
  const forming = listings && !created;

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
      {listings && online && (
        <Suspense fallback={<Loading what={t("loadingForms")} />}>
          <PlayOnline listings={listings} />
        </Suspense>
      )}
      {listings && created && <InviteLinks created={created} onDone={() => setCreated(null)} />}
      <Suspense fallback={<Loading what={t("loadingForms")} />}>
        {forming && <BotForm api={api} listings={listings} />}
        {forming &&
          offered
            .filter(({ adapter }) => !adapter.foldCreateForm)
            .map(({ adapter, listing }) => {
              const Form = formOf(adapter);
              return <Form key={adapter.id} api={api} listing={listing} listings={listings} onCreated={setCreated} />;
            })}
      </Suspense>
      {forming &&
        offered
          .filter(({ adapter }) => adapter.foldCreateForm)
          .map(({ adapter, listing }) => {
            // A folded form (and its strings) loads when opened: the lobby's first load stays small.
            const Form = formOf(adapter);
            const open = opened.has(adapter.id);
            return (
              <details key={adapter.id} className={`create-${adapter.id}-open`} open={open} onToggle={(e) => {
                const now = e.currentTarget.open;
                setOpened((s) => (now === s.has(adapter.id) ? s : now ? new Set([...s, adapter.id]) : new Set([...s].filter((id) => id !== adapter.id))));
              }}>
                <summary>{t(adapter.foldCreateForm as "trpgNewMatch")}</summary>
                {open && (
                  <Suspense fallback={<Loading what={t("loadingForms")} />}>
                    <Form api={api} listing={listing} listings={listings} onCreated={setCreated} />
                  </Suspense>
                )}
              </details>
            );
          })}
      {rulesets && <MatchLists api={api} rulesets={rulesets} />}
    </div>
  );
}
