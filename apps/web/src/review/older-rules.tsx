/**
 * What the review says of a match played under an older rules version: that it is replayed with
 * that version's own rules, or that this site has no build of them; and a boundary that keeps the
 * page up when the table cannot draw an older version's view (its step's events and the
 * verification stay shown beside it).
 */
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "../i18n/table-strings";

/** The note on an older version's review; `failed`: why its rules could not be loaded. */
export function OlderRulesNote({ version, failed }: { version: string; failed?: string }) {
  const { t } = useTranslation("table");
  if (failed !== undefined) {
    return (
      <p className="error" role="alert" data-testid="review-error">
        ⚠ {t("olderRules.unavailable", { version, detail: failed })}
      </p>
    );
  }
  return (
    <p className="meta" data-testid="review-older-rules">
      {t("olderRules.note", { version })}
    </p>
  );
}

function TableUnavailable({ version }: { version: string }) {
  const { t } = useTranslation("table");
  return (
    <p className="error" role="alert" data-testid="review-table-unavailable">
      ⚠ {t("olderRules.tableUnavailable", { version })}
    </p>
  );
}

/**
 * Shows `children` (a table drawing a step), or, when drawing throws, a note that this step of a
 * `version` match cannot be drawn; tried again when `resetKey` (the step, the perspective) changes.
 */
export class TableBoundary extends Component<{ version: string; resetKey: string; children: ReactNode }, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }): { failed: boolean; key: string } | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.failed ? <TableUnavailable version={this.props.version} /> : this.props.children;
  }
}
