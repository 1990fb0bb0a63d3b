/**
 * The TRPG table tests' setting under jsdom: `structuredClone` (the tests clone the rules' states;
 * jsdom lacks it) and the tables rendered in English, with a longer timeout for whole renders.
 */
import { deserialize, serialize } from "node:v8";
import { act } from "@testing-library/react";
import i18next from "i18next";
import { setupI18n } from "../src/i18n";

/** Sets up the calling test file: call it once at its top level. */
export function trpgTableTests(): void {
  jest.setTimeout(30_000);
  globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
  beforeAll(async () => {
    setupI18n("en");
    await act(async () => {
      await i18next.changeLanguage("en");
    });
  });
}
