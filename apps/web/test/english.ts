/**
 * Hooks shared by the web tests that render the table, the review or Siege pages: the English
 * strings loaded once, the language set back to English before each test (a test may switch to
 * Korean), and the rendered DOM removed after each.
 */
import { act, cleanup } from "@testing-library/react";
import i18next from "i18next";
import { setupI18n } from "../src/i18n";

/** Registers the hooks in the calling test file (call at its top level). */
export function inEnglish(): void {
  beforeAll(() => {
    setupI18n("en");
  });
  beforeEach(async () => {
    await act(async () => {
      await i18next.changeLanguage("en");
    });
  });
  afterEach(cleanup);
}
