/** A form action's state: busy while it runs, its error (an {@link ErrorLike}) when it fails. */
import { useCallback, useState } from "react";
import type { ErrorLike } from "../ui";

/** `run(task)` sets `busy`, clears the error, and keeps the failure (if any) in `error`. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorLike | null>(null);
  const run = useCallback(async <T,>(task: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await task();
    } catch (e) {
      const err = e as Partial<ErrorLike>;
      setError({ code: typeof err.code === "string" ? err.code : "server_error", message: typeof err.message === "string" ? err.message : String(e) });
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
