/**
 * The app shell: a header (home link, language switch) and the routes:
 * `/` lobby, `/play/:matchId` (a seat, from the invite link's fragment), `/watch/:matchId`
 * (spectator), `/review/:matchId` (the match history), `/host/:matchId` (the host page, its token in
 * the fragment), `/how-to-play/:ruleset` (a ruleset's guide), `/account` (sign in, register, passkeys),
 * `/account/reset` (a new password from a reset link), `/account/notifications` (notification
 * settings and push devices), `/games` (my matches and challenges),
 * `/players/:name` (a public profile) and `/leaderboard` (the best ratings per game).
 */
import { Link, Route, Routes, useLocation, useParams } from "react-router";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { useTranslation } from "react-i18next";
import { LANGUAGES, setLanguage, type Language } from "./i18n";
import { takeSeatCredentialsFromWindow, type PendingClaim, type SeatCredentials } from "./net/hash";
import { ClaimInvite } from "./play/ClaimInvite";
import { Suspense, lazy, useState } from "react";
import { preloadRulesetTable } from "./table/preload";
import { prefetchSeat } from "@fogwar/client";
import { Loading } from "./ui";

// Each page is its own chunk, fetched when its route is first shown (the lobby does not load the
// table's or the review's code, nor a ruleset it does not show).
const LobbyPage = lazy(() => import("./lobby/LobbyPage").then((m) => ({ default: m.LobbyPage })));
const TableRoute = lazy(() => {
  preloadRulesetTable(window.location.pathname);
  return import("./table/TableRoute").then((m) => ({ default: m.TableRoute }));
});
const HowToPlayPage = lazy(() => import("./help/HowToPlay").then((m) => ({ default: m.HowToPlayPage })));
const HostPage = lazy(() => import("./lobby/HostPage").then((m) => ({ default: m.HostPage })));
const AccountPage = lazy(() => import("./account/AccountPage").then((m) => ({ default: m.AccountPage })));
const ResetPage = lazy(() => import("./account/ResetPage").then((m) => ({ default: m.ResetPage })));
const NotificationsPage = lazy(() => import("./account/NotificationsPage").then((m) => ({ default: m.NotificationsPage })));
const MyGamesPage = lazy(() => import("./account/MyGamesPage").then((m) => ({ default: m.MyGamesPage })));
// The account's seat of a match this tab holds no token for (its own chunk: the lobby needs none of it).
const SeatFromAccount = lazy(() => import("./account/SeatFromAccount").then((m) => ({ default: m.SeatFromAccount })));
const ProfilePage = lazy(() => import("./players/ProfilePage").then((m) => ({ default: m.ProfilePage })));
const LeaderboardPage = lazy(() => import("./players/LeaderboardPage").then((m) => ({ default: m.LeaderboardPage })));
const ReviewPage = lazy(() => import("./review/ReviewPage").then((m) => ({ default: m.ReviewPage })));

/** What a page shows while its code is fetched. */
function PageLoading() {
  const { t } = useTranslation("common");
  return <Loading what={t("loadingPage")} />;
}

export function LanguageSwitch() {
  const { t, i18n } = useTranslation("common");
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : "en";
  return (
    <div className="language" role="group" aria-label={t("language")}>
      {LANGUAGES.map((lng: Language) => (
        <button key={lng} type="button" lang={lng} aria-pressed={current === lng} onClick={() => void setLanguage(lng, i18n)}>
          {t(`languageName.${lng}`)}
        </button>
      ))}
    </div>
  );
}

export function Header() {
  const { t } = useTranslation("common");
  return (
    <header className="app-header">
      <Link to="/" className="brand">
        fogwar
      </Link>
      <nav aria-label={t("navigation")}>
        <Link to="/">{t("lobby")}</Link>
        <Link to="/games">{t("myGames")}</Link>
        <Link to="/leaderboard">{t("leaderboard")}</Link>
        <Link to="/account">{t("account")}</Link>
      </nav>
      <LanguageSwitch />
    </header>
  );
}

function PlayRoute() {
  const { matchId = "" } = useParams();
  // Read once per match: the invite (or token) leaves the visible URL; the token stays in this tab's sessionStorage.
  const [credentials] = useState<SeatCredentials | PendingClaim | null>(() => {
    const held = takeSeatCredentialsFromWindow(matchId);
    // The seat is reserved now, while the table's code loads; the table's first join consumes the
    // reservation instead of asking again (packages/client/src/reserve.ts).
    if (held && !("invite" in held)) prefetchSeat(matchId, { role: "player", seat: held.seat, token: held.token });
    return held;
  });
  const { t } = useTranslation("common");
  const table = (held: SeatCredentials) => <TableRoute key={`${matchId}:${held.seat}`} matchId={matchId} join={{ role: "player", token: held.token, seat: held.seat }} />;
  if (!credentials) {
    const noSeat = (
      <div className="error" role="alert">
        <p>⚠ {t("noSeatToken")}</p>
        <p>
          <Link to={`/watch/${matchId}`}>{t("watchInstead")}</Link>
        </p>
      </div>
    );
    // A seat of the signed-in account plays from any browser it signs in on.
    return <SeatFromAccount matchId={matchId} fallback={noSeat}>{table}</SeatFromAccount>;
  }
  if ("invite" in credentials) return <ClaimInvite matchId={matchId} claim={credentials}>{table}</ClaimInvite>;
  return table(credentials);
}

function WatchRoute() {
  const { matchId = "" } = useParams();
  // Reserved now, as a seat's is (PlayRoute).
  useState(() => prefetchSeat(matchId, { role: "spectator" }));
  return <TableRoute key={matchId} matchId={matchId} join={{ role: "spectator" }} />;
}

function ReviewRoute() {
  const { matchId = "" } = useParams();
  return <ReviewPage key={matchId} matchId={matchId} />;
}

function NotFound() {
  const { t } = useTranslation("common");
  return (
    <p>
      {t("notFound")} <Link to="/">{t("lobby")}</Link>
    </p>
  );
}

/**
 * A page that could not be shown: its code failed to load (a new version of the site was put up
 * while this tab was open, or the network dropped) or it failed to draw. It says so, in words, and
 * offers a reload and the lobby instead of leaving a blank page.
 */
export function PageFailed({ error }: FallbackProps) {
  const { t } = useTranslation("common");
  const reason = error instanceof Error ? error.message : String(error);
  return (
    <section className="page-failed" role="alert">
      <p className="error">{t("codeFailed", { reason })}</p>
      <p>
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          {t("reload")}
        </button>{" "}
        <Link to="/">{t("lobby")}</Link>
      </p>
    </section>
  );
}

export function App() {
  // A failed page is forgotten when the player goes to another one.
  const { pathname } = useLocation();
  return (
    <>
      <Header />
      <main id="main">
        <ErrorBoundary FallbackComponent={PageFailed} resetKeys={[pathname]}>
        <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<LobbyPage />} />
          <Route path="/play/:matchId" element={<PlayRoute />} />
          <Route path="/watch/:matchId" element={<WatchRoute />} />
          <Route path="/review/:matchId" element={<ReviewRoute />} />
          <Route path="/host/:matchId" element={<HostPage />} />
          <Route path="/how-to-play/:ruleset" element={<HowToPlayPage />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/account/reset" element={<ResetPage />} />
          <Route path="/account/notifications" element={<NotificationsPage />} />
          <Route path="/games" element={<MyGamesPage />} />
          <Route path="/players/:name" element={<ProfilePage />} />
          <Route path="/leaderboard" element={<LeaderboardPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
        </Suspense>
        </ErrorBoundary>
      </main>
    </>
  );
}
