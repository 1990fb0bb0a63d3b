/**
 * The table route: connects with `useMatch` first, then shows the table's body
 * (./TableBody.tsx: the connection status with a retry that reconnects from scratch, the match's
 * ruleset table, notices, chat and the result). On a page's first load the join has already
 * started before React rendered (../boot.ts, ../net/early-session.ts) and `useMatch` adopts it;
 * on a later visit it starts in the route's first effect. Either way the body's chunk, and the
 * ruleset's table the page names (./preload.ts), evaluate while the join's round trips run.
 */
import { useEffect, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useMatch, type JoinSpec } from "../net/useMatch";
import { Loading } from "../ui";
import { useLoaded } from "../loaded";
import { rulesetAdapter } from "../rulesets/registry";
import { rulesetHint } from "./preload";
import type { TableBodyProps } from "./TableBody";

export interface TableRouteProps {
  matchId: string;
  join: JoinSpec;
}

const loadBody = (): Promise<ComponentType<TableBodyProps>> => import("./TableBody").then((m) => m.TableBody);

function ConnectedTable({ matchId, join, onRetry }: TableRouteProps & { onRetry: () => void }) {
  const match = useMatch(matchId, join);
  // After useMatch's own effect has started the join: the body's code, and the ruleset's table
  // the page names, evaluate while the join's round trips run.
  const body = useLoaded("body", loadBody);
  useEffect(() => {
    const hinted = rulesetHint();
    if (hinted) void rulesetAdapter(hinted)?.loadTable().catch(() => undefined);
  }, []);
  const { t } = useTranslation("common");
  if (body.status === "failed") return <p className="error" role="alert">{t("codeFailed", { reason: body.error.message })}</p>;
  if (body.status === "loading") return <Loading />;
  const Body = body.value;
  return <Body matchId={matchId} join={join} match={match} onRetry={onRetry} />;
}

/** The match table for a seat or a spectator, of whichever ruleset the match plays. */
export function TableRoute({ matchId, join }: TableRouteProps) {
  const [attempt, setAttempt] = useState(0);
  return <ConnectedTable key={attempt} matchId={matchId} join={join} onRetry={() => setAttempt((a) => a + 1)} />;
}
