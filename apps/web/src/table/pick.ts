/** A board's clickable SVG elements: the props that make one a keyboard-reachable button. */

/**
 * Props that make an SVG element a button answering `value`: role `button`, in the tab order,
 * named `label`, calling `onPick(value)` on a click or on Enter or Space.
 */
export function pickProps(value: string, label: string, onPick?: (value: string) => void) {
  return {
    role: "button",
    tabIndex: 0,
    "aria-label": label,
    onClick: () => onPick?.(value),
    onKeyDown: (e: { key: string; preventDefault: () => void }) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        onPick?.(value);
      }
    },
  };
}
