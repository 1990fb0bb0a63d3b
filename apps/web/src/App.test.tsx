import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Header } from "./App";
import { LANGUAGE_KEY, NAMESPACES, initialLanguage, setupI18n } from "./i18n";

const i18n = setupI18n("en");

describe("language switch", () => {
  beforeEach(async () => {
    localStorage.clear();
    await act(() => i18n.changeLanguage("en"));
  });

  test("switches the header to Korean, remembers it, and sets <html lang>", async () => {
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Lobby" })).toBeTruthy();
    const ko = screen.getByRole("button", { name: "한국어" });
    expect(ko.getAttribute("aria-pressed")).toBe("false");
    await act(async () => {
      fireEvent.click(ko);
    });
    expect(screen.getByRole("link", { name: "로비" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "한국어" }).getAttribute("aria-pressed")).toBe("true");
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe("ko");
    expect(document.documentElement.lang).toBe("ko");
  });

  test("the first language: the remembered one, else the browser's", () => {
    expect(initialLanguage(["ko-KR", "en"])).toBe("ko");
    expect(initialLanguage(["fr-FR", "en-GB"])).toBe("en");
    expect(initialLanguage(["de"])).toBe("en");
    localStorage.setItem(LANGUAGE_KEY, "ko");
    expect(initialLanguage(["en-US"])).toBe("ko");
  });

  test("every Korean namespace has the English keys", () => {
    const keys = (o: object, prefix = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`.replace(/_(one|other)$/, "")]));
    expect(NAMESPACES).toEqual(expect.arrayContaining(["common", "lobby", "review", "siege", "sigmar", "trpg"]));
    for (const ns of NAMESPACES) {
      const en = new Set(keys(i18n.getResourceBundle("en", ns)));
      const ko = new Set(keys(i18n.getResourceBundle("ko", ns)));
      expect([...en].filter((k) => !ko.has(k))).toEqual([]);
      expect([...ko].filter((k) => !en.has(k))).toEqual([]);
    }
  });
});
