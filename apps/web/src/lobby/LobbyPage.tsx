/** The lobby: create a match (then share its links), and the lists of live and finished matches. */
import { Suspense, lazy, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreateMatchResponse } from "@fogwar/protocol";
import { ApiError, api as defaultApi, type Api, type RulesetInfo, type SiegeRulesetInfo, type SigmarRulesetInfo, type TrpgRulesetInfo } from "../api";
import { ErrorNote, Loading } from "../ui";
import { HowToPlayLink } from "../help/HowToPlayLink";
import { InviteLinks } from "./InviteLinks";
import { MatchLists } from "./MatchLists";

// Each ruleset's form (EMBER's army editor, Siege's setup) is its own chunk.
const CreateMatch = lazy(() => import("./CreateMatch").then((m) => ({ default: m.CreateMatch })));
const PlayBot = lazy(() => import("./PlayBot").then((m) => ({ default: m.PlayBot })));
const CreateSiegeMatch = lazy(() => import("../rulesets/siege/CreateSiegeMatch").then((m) => ({ default: m.CreateSiegeMatch })));
const CreateSigmarMatch = lazy(() => import("../rulesets/sigmar/CreateSigmarMatch").then((m) => ({ default: m.CreateSigmarMatch })));
const CreateTrpgMatch = lazy(() => import("../rulesets/trpg/CreateTrpgMatch").then((m) => ({ default: m.CreateTrpgMatch })));

export function LobbyPage({ api = defaultApi }: { api?: Api }) {
  const { t } = useTranslation("lobby");
  const [rulesets, setRulesets] = useState<RulesetInfo[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [created, setCreated] = useState<CreateMatchResponse | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [siege, setSiege] = useState<SiegeRulesetInfo | null>(null);
  const [sigmar, setSigmar] = useState<SigmarRulesetInfo | null>(null);
  const [trpg, setTrpg] = useState<TrpgRulesetInfo | null>(null);
  const [trpgOpen, setTrpgOpen] = useState(false);

  useEffect(() => {
    let live = true;
    setError(null);
    api.rulesets().then(
      (r) => live && setRulesets(r),
      (e: unknown) => live && setError(e instanceof ApiError ? e : new ApiError("network_error", String(e))),
    );
    // Siege's form appears when the server hosts Siege (a failure here only hides it).
    (api.siege?.() ?? Promise.resolve(null)).then(
      (s) => live && setSiege(s),
      () => undefined,
    );
    // Age of Sigmar's form likewise.
    (api.sigmar?.() ?? Promise.resolve(null)).then(
      (s) => live && setSigmar(s),
      () => undefined,
    );
    (api.trpg?.() ?? Promise.resolve(null)).then(
      (s) => live && setTrpg(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  return (
    <div className="lobby">
      <h1>{t("title")}</h1>
      <p className="guides">
        <HowToPlayLink ruleset="ember" /> · <HowToPlayLink ruleset="siege" /> · <HowToPlayLink ruleset="trpg" /> · <HowToPlayLink ruleset="sigmar" />
      </p>
      {error && (
        <>
          <ErrorNote error={error} title={t("rulesetsFailed")} />
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            {t("retry")}
          </button>
        </>
      )}
      {!rulesets && !error && <Loading what={t("loadingRulesets")} />}
      {rulesets && created && <InviteLinks created={created} onDone={() => setCreated(null)} />}
      <Suspense fallback={<Loading what={t("loadingForms")} />}>
        {rulesets && !created && <PlayBot api={api} ember={rulesets.find((r) => r.id === "ember")} siege={siege} sigmar={sigmar} trpg={trpg} />}
        {rulesets && !created && <CreateMatch api={api} rulesets={rulesets} onCreated={setCreated} />}
        {rulesets && !created && siege && <CreateSiegeMatch api={api} listing={siege} onCreated={setCreated} />}
        {rulesets && !created && sigmar && <CreateSigmarMatch api={api} listing={sigmar} onCreated={setCreated} />}
      </Suspense>
      {rulesets && !created && trpg && (
        // The TRPG's form (and its strings) load when opened: the lobby's first load stays small.
        <details className="create-trpg-open" open={trpgOpen} onToggle={(e) => setTrpgOpen(e.currentTarget.open)}>
          <summary>{t("trpgNewMatch")}</summary>
          {trpgOpen && (
            <Suspense fallback={<Loading what={t("loadingForms")} />}>
              <CreateTrpgMatch api={api} listing={trpg} onCreated={setCreated} />
            </Suspense>
          )}
        </details>
      )}
      {rulesets && <MatchLists api={api} rulesets={rulesets} />}
    </div>
  );
}
