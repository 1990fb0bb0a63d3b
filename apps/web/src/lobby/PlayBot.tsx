/**
 * "Play against the bot": one form for every ruleset the server hosts that has a part for it
 * (`src/rulesets/<id>/bot.tsx`, found by ../rulesets/bot-discovery.ts): a choice of ruleset, that
 * ruleset's options (its scenario, army or side) and the bot's level, easy, normal or hard (a line
 * under the choice says what the chosen level plays like).
 * One click creates the match with the other seat played by the server's bot
 * (`players[].bot`) and opens the table as your seat.
 */
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { BotLevel, CreateMatchRequest } from "@fogwar/protocol";
import { ApiError, type Api } from "../api";
import { ErrorNote } from "../ui";
import { botParts } from "../rulesets/bot-discovery";
import type { RulesetListing } from "../rulesets/adapter";
import { localPart } from "./InviteLinks";

/** The form's props: the API, and each hosted ruleset's listing by its id (`listings`, or a prop named by the id). */
export type PlayBotProps = {
  readonly api: Api;
  readonly listings?: readonly RulesetListing[];
  /** The game picked first (the lobby's `?game=`, e.g. from a finished match's "Play again"); default the first offered. */
  readonly initialRuleset?: string;
} & { readonly [rulesetId: string]: unknown };

/** The rulesets the bot form offers: each part whose listing the server sent and the part can read. */
function offeredParts(props: PlayBotProps) {
  return botParts.flatMap((part) => {
    const listing = part.read(props[part.id] ?? props.listings?.find((l) => l.id === part.id));
    return listing === null ? [] : [{ part, listing }];
  });
}

/** The levels offered, weakest first (the server's {@link BotLevel}s). */
const LEVELS: readonly BotLevel[] = ["easy", "normal", "hard"];

/** The "Play against the bot" form (see the module's description). */
export function PlayBot(props: PlayBotProps) {
  const { api } = props;
  const { t } = useTranslation("lobby");
  const id = useId();
  const navigate = useNavigate();
  const offered = offeredParts(props);
  const [ruleset, setRuleset] = useState(offered.find((o) => o.part.id === props.initialRuleset)?.part.id ?? offered[0]?.part.id ?? "");
  // Each ruleset's options keep their state while another ruleset is picked.
  const [options, setOptions] = useState<Readonly<Record<string, unknown>>>(() => Object.fromEntries(offered.map(({ part, listing }) => [part.id, part.initial(listing)])));
  const [level, setLevel] = useState<BotLevel>("normal");
  // The name the table, log and review show for the person (the bot is "Bot").
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const chosen = offered.find((o) => o.part.id === ruleset) ?? offered[0];
  if (!chosen) return null;
  const state = options[chosen.part.id] ?? chosen.part.initial(chosen.listing);

  const request = (): CreateMatchRequest | null => chosen.part.request(chosen.listing, state, name.trim() || t("common:defaultNames.player"), { name: t("common:defaultNames.bot"), level });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = request();
    if (!body || busy) return;
    setBusy(true);
    setError(null);
    try {
      const created = await api.createMatch(body);
      const seat = created.seats[0];
      if (!seat?.inviteUrl) throw new ApiError("bad_response", "no seat for the player");
      void navigate(localPart(seat.inviteUrl));
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError("network_error", String(e)));
      setBusy(false);
    }
  };

  return (
    <form className="play-bot" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("playBot.title")}</h2>
      <p>{t("playBot.explain")}</p>
      <div className="row">
        <label htmlFor={`${id}-name`}>{t("playBot.name")}</label>
        <input id={`${id}-name`} value={name} maxLength={40} autoComplete="nickname" placeholder={t("common:defaultNames.player")} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="row" role="radiogroup" aria-label={t("playBot.game")}>
        {offered.map(({ part }) => (
          <label key={part.id}>
            <input type="radio" name={`${id}-ruleset`} checked={chosen.part.id === part.id} onChange={() => setRuleset(part.id)} /> {t(`rulesetName.${part.id}` as "rulesetName.ember")}
          </label>
        ))}
      </div>
      {chosen.part.Options && <chosen.part.Options id={id} listing={chosen.listing} state={state} onChange={(next) => setOptions((all) => ({ ...all, [chosen.part.id]: next }))} />}
      <div className="row">
        <label htmlFor={`${id}-level`}>{t("playBot.level")}</label>
        <select id={`${id}-level`} value={level} aria-describedby={`${id}-level-hint`} onChange={(e) => setLevel(e.target.value as BotLevel)}>
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`botLevels.${l}`)}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-level-hint`} className="hint" style={{ color: "var(--muted)", marginTop: 0 }}>
        {t(`botLevels.hint.${level}`)}
      </p>
      {error && <ErrorNote error={error} title={t("playBot.failed")} />}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t("creating") : t("playBot.start")}
      </button>
    </form>
  );
}
