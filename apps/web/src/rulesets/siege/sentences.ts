/**
 * Siege commands as sentences ("Quill watches north", "Reroll die 1 (orange 2)"), one template a
 * command kind (`say.*` in siege.json), filled with names from words.ts. Used for the "Do it"
 * button, the review's step line and the live log, so a command never reads as a list of raw
 * fields.
 */
import { catalog, type SiegeCommand } from "@fogwar/siege";
import { componentName, facingName, gadgetName, opName, placeName, thingName, tokenName, type NamingView, type SiegeWords } from "./words";

const fallbackMap = (): string => catalog.missions.values().next().value?.map ?? "";

/** A watch order's direction in words: "north", "access point Roof loft" (no leading "watching"). */
export function watchWhere(w: SiegeWords, order: { facing?: string; ap?: string } | null | undefined, view: NamingView): string {
  if (!order) return w.t("values.none");
  return order.facing ? facingName(w, order.facing) : w.t("say.accessPoint", { ap: placeName(w, order.ap, view.map) });
}

/** A command as one sentence in the viewer's language ("Quill watches north"); never an id. */
export function describeCommand(w: SiegeWords, c: SiegeCommand, view?: NamingView): string {
  const v: NamingView = view ?? { map: fallbackMap() };
  const t = w.t;
  const op = (id: string) => opName(w, id);
  const thing = (id: string) => thingName(w, id, v);
  switch (c.type) {
    case "pick":
      return t("say.pick", { operators: c.operators.map(op).join(", "), inventory: Object.entries(c.inventory).map(([g, n]) => `${gadgetName(w, g)} ×${n}`).join(", ") || t("values.none") });
    case "edit_component":
      return c.to === null ? t("say.removeComponent", { component: componentName(w, c.component, v) }) : t("say.editComponent", { component: componentName(w, c.component, v), to: thing(c.to) });
    case "place_gadget":
      return t("say.place_gadget", { gadget: gadgetName(w, c.gadget), at: thing(c.at) });
    case "place_token":
      return t(c.real ? "say.placeReal" : "say.placeDecoy", { operator: op(c.operator), at: thing(c.at), watch: watchWhere(w, c.watch, v) });
    case "deploy":
      return c.facing ? t("say.deployWatching", { operator: op(c.operator), at: thing(c.at), dir: facingName(w, c.facing) }) : t("say.deploy", { operator: op(c.operator), at: thing(c.at) });
    case "step": {
      const who = c.token ? tokenName(w, c.token, v) : op(c.operator);
      return c.via ? t("say.stepVia", { who, to: thing(c.to), via: thing(c.via) }) : t("say.step", { who, to: thing(c.to) });
    }
    case "lean":
      return t("say.lean", { operator: op(c.operator), to: thing(c.to) });
    case "watch":
      return t("say.watch", {
        operator: op(c.operator),
        where: c.watches.map((o) => (o.token ? t("say.fromToken", { token: tokenName(w, o.token, v), where: watchWhere(w, o, v) }) : watchWhere(w, o, v))).join(t("say.and")),
      });
    case "shoot":
      return t("say.shoot", { operator: op(c.operator), target: op(c.target) });
    case "breach":
      return t("say.breach", { operator: op(c.operator), target: thing(c.target) });
    case "gadget":
      return c.aim ? t("say.gadgetAim", { operator: op(c.operator), gadget: gadgetName(w, c.gadget), at: thing(c.at), aim: thing(c.aim) }) : t("say.gadget", { operator: op(c.operator), gadget: gadgetName(w, c.gadget), at: thing(c.at) });
    case "special": {
      const gadget = gadgetName(w, catalog.operators.get(c.operator)?.special.id ?? "");
      const where = c.target ?? c.at;
      return where ? t("say.specialAt", { operator: op(c.operator), gadget, at: thing(where) }) : t("say.special", { operator: op(c.operator), gadget });
    }
    case "contest":
      return t(c.fight ? "say.contestFight" : "say.contestYield");
    case "return_fire":
      return t(c.fire ? "say.fireBack" : "say.holdBack");
    case "reroll": {
      const p = view?.pending;
      const dice = c.dice.map((i) => {
        const d = p?.kind === "reroll" ? p.dice[i] : undefined;
        return d ? t("say.dieOf", { n: i + 1, colour: t(`colour.${d.colour}`), value: d.value }) : t("say.die", { n: i + 1 });
      });
      return t("say.reroll", { count: dice.length, dice: dice.join(", ") });
    }
    case "activate":
    case "stand":
    case "run":
    case "reveal":
    case "end_activation":
    case "react":
      return t(`say.${c.type}`, { operator: op(c.operator) });
    default:
      return t(`cmd.${c.type}`);
  }
}
