/**
 * The table chat in the review: `GET /api/matches/:id/chat`, read-only. Once the match is over
 * it holds every audience (players, each team's, spectators'); while live, what a spectator may
 * read. Shows nothing when the match had no chat or the chat cannot be fetched (the review does
 * not depend on it).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatHistory } from "@fogwar/protocol";
import { api } from "../api";
import { ChatPanel } from "../table/ChatPanel";

export function ReviewChat({ matchId }: { matchId: string }) {
  const { t } = useTranslation("common");
  const [chat, setChat] = useState<ChatHistory | null>(null);
  useEffect(() => {
    let live = true;
    api.chat(matchId).then(
      (c) => live && setChat(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [matchId]);
  if (!chat || chat.lines.length === 0) return null;
  const read = chat.read.filter((a) => chat.lines.some((l) => l.audience === a));
  return <ChatPanel chat={{ read, write: [], lines: chat.lines, error: null }} title={chat.perspective === "review" ? t("chat.review") : t("chat.title")} />;
}
