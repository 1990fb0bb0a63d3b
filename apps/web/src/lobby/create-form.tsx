/**
 * What every ruleset's create form shares: sending the request (`POST /api/matches`) with its busy
 * state and its error, and reading the ruleset's own listing of `GET /api/rulesets` with the
 * form's schema before the form is shown.
 */
import { useState, type ComponentType } from "react";
import type { CreateMatchRequest, CreateMatchResponse } from "@fogwar/protocol";
import { ApiError, type Api } from "../api";
import type { RulesetCreateFormProps } from "../rulesets/adapter";
import { ErrorNote } from "../ui";

/**
 * `create(request)` sends the match request; `busy` while it is under way; `error` the last
 * refusal or network failure (cleared when the next request starts). A created match goes to `onCreated`.
 */
export function useCreateMatch(api: Pick<Api, "createMatch">, onCreated: (created: CreateMatchResponse) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const create = async (request: CreateMatchRequest): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      onCreated(await api.createMatch(request));
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError("network_error", String(e)));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, create };
}

/** A schema's parse (zod's `safeParse` shape). */
export interface ListingSchema<L> {
  safeParse(value: unknown): { success: true; data: L } | { success: false };
}

/** Reads a listing with `schema`: its data, or null when it does not have the schema's shape. */
export const readListing =
  <L,>(schema: ListingSchema<L>) =>
  (listing: unknown): L | null => {
    const parsed = schema.safeParse(listing);
    return parsed.success ? parsed.data : null;
  };

/** The form `Form` on its ruleset's listing read with `schema` (nothing shown when it cannot be read). */
export function withListing<L>(schema: ListingSchema<L>, Form: ComponentType<{ api: Pick<Api, "createMatch">; listing: L; onCreated: (created: CreateMatchResponse) => void }>): ComponentType<RulesetCreateFormProps> {
  return function ListingForm({ api, listing, onCreated }: RulesetCreateFormProps) {
    const parsed = schema.safeParse(listing);
    return parsed.success ? <Form api={api} listing={parsed.data} onCreated={onCreated} /> : null;
  };
}

/** `value` rounded and held within [min, max]; `fallback` when it is not a number (an empty field). */
export function clamp(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** A whole-number option of a create form (a delay, a grace, a clock): typed values go through {@link clamp}. */
export function NumberRow({ id, label, hint, min, max, fallback, value, onChange }: { id: string; label: string; hint?: string; min: number; max: number; fallback: number; value: number; onChange: (value: number) => void }) {
  return (
    <div className="row">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="number" min={min} max={max} value={value} onChange={(e) => onChange(clamp(e.target.valueAsNumber, min, max, fallback))} />
      {hint !== undefined && <small>{hint}</small>}
    </div>
  );
}

/**
 * The end of a create form: why it cannot be sent yet (`hint`; null: nothing said), the last
 * error, and the Create button (`label`, `busyLabel` while the request is under way).
 */
export function CreateFooter({ hint, error, busy, disabled, label, busyLabel }: { hint: string | null; error: ApiError | null; busy: boolean; disabled: boolean; label: string; busyLabel: string }) {
  return (
    <>
      {hint !== null && (
        <p className="hint" role="status">
          {hint}
        </p>
      )}
      {error && <ErrorNote error={error} />}
      <button type="submit" className="primary" disabled={disabled} aria-busy={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
