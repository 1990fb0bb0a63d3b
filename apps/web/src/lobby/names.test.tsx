/**
 * A player name with a direction override or an invisible character is refused in the creation
 * form before anything is sent, with the protocol's `invalid_name` explained at the field in the
 * page's language (English and Korean); the server's own `invalid_name` answer reads the same.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { createApi } from "../api";
import { setupI18n } from "../i18n";
import { ErrorNote } from "../ui";
import { LobbyPage } from "./LobbyPage";
import { fakeFetch } from "../../test/fixtures";
import en from "../i18n/en/common.json";
import ko from "../i18n/ko/common.json";

const i18n = setupI18n("en");
jest.setTimeout(20_000);

const EN = en.errors.invalid_name;
const KO = ko.errors.invalid_name;

describe("player names in the creation form", () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage("en"));
  });

  test.each([
    ["en", "Bob\u202Enimda", EN],
    ["ko", "민\u200B준", KO],
    ["en", "\uFEFFAda", EN],
    ["ko", "\u3164", KO],
  ])("in %s, a name like %j is marked, explained and not sent", async (language, name, message) => {
    await act(() => i18n.changeLanguage(language));
    const { fetchImpl, calls } = fakeFetch();
    // EMBER's form, chosen in the address (the lobby shows one game's form at a time).
    render(
      <MemoryRouter initialEntries={["/?game=ember"]}>
        <LobbyPage api={createApi(fetchImpl)} />
      </MemoryRouter>,
    );
    await screen.findAllByText((_, el) => el?.tagName === "FORM" && el.classList.contains("create-ember"));
    const inputs = (await screen.findAllByRole("textbox")).filter((i) => (i as HTMLInputElement).required) as HTMLInputElement[];
    fireEvent.change(inputs[0]!, { target: { value: name } });
    fireEvent.change(inputs[1]!, { target: { value: "김서연" } });
    expect(inputs[0]!.getAttribute("aria-invalid")).toBe("true");
    expect(inputs[1]!.getAttribute("aria-invalid")).toBe("false");
    expect(screen.getAllByRole("alert").some((a) => a.textContent === message)).toBe(true);
    const form = inputs[0]!.closest("form")!;
    const create = form.querySelector("button[type=submit]") as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.submit(form);
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    // Korean names are names: with the first fixed, the form may be sent.
    fireEvent.change(inputs[0]!, { target: { value: "민준" } });
    expect(inputs[0]!.getAttribute("aria-invalid")).toBe("false");
    expect(create.disabled).toBe(false);
  });

  test("the server's invalid_name answer is explained in both languages", async () => {
    expect(EN).toMatch(/invisible/);
    expect(KO).toMatch(/이름/);
    const { unmount } = render(<ErrorNote error={{ code: "invalid_name", message: "A name may not hold control, formatting, direction or other invisible characters." }} />);
    expect(screen.getByRole("alert").textContent).toContain(EN);
    unmount();
    await act(() => i18n.changeLanguage("ko"));
    render(<ErrorNote error={{ code: "invalid_name", message: "x" }} />);
    expect(screen.getByRole("alert").textContent).toContain(KO);
  });
});
