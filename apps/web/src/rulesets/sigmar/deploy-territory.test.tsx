/**
 * Deployment (seed 003 24, setting up): the prompt sends a player to "your territory", and the map
 * shows three bands (the other player's territory, the open middle, one's own). While the armies
 * deploy, each seat's map names its own territory inside its band, along the bottom edge where
 * that seat's map draws it (p2's map is turned), and the prompt says where it is. A spectator's map
 * names none; once the battle starts the name goes. In English and in Korean.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { deserialize, serialize } from "node:v8";
import { seatViewer, spectator } from "@fogwar/engine";
import { legalCommands, sigmar, templates, type SigmarView } from "@fogwar/sigmar";
import { SigmarMap } from "./SigmarMap";
import { SigmarTableView } from "./SigmarTableView";
import { inEnglish } from "../../../test/english";
import { scrollsAtMoment } from "../../../test/board-layout";
import { playSigmar } from "../../../test/sigmar-play";
import { withNames } from "../../../test/players";

inEnglish();
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(60_000);

const deploying = playSigmar((s) => s.phase === "deployment", "web-deploy-territory").state;
const words = (lng: string) => ({ t: i18next.getFixedT(lng, "sigmar"), language: lng, name: (s: string) => s });

/** The named territory on `seat`'s map (null: the spectator's), and the bands' top edges: its own and the other one's. */
function named(view: SigmarView, seat: string | null, lng = "en") {
  const { container, unmount } = render(<SigmarMap view={view} w={words(lng)} seat={seat} selected={null} />);
  const labels = [...container.querySelectorAll("text.territory-label")];
  const band = (owner: string) => Number(container.querySelector(`rect.territory-${owner}`)!.getAttribute("y"));
  const out = { labels: labels.map((l) => l.textContent), y: labels.map((l) => Number(l.getAttribute("y"))), bands: seat ? { own: band(seat), other: band(seat === "p1" ? "p2" : "p1") } : null };
  unmount();
  return out;
}

test("seed 003 24: each seat's deployment map names its own territory inside the band at its bottom edge; a spectator's names none", () => {
  for (const seat of ["p1", "p2"] as const) {
    const view = sigmar.viewFor(deploying, seatViewer(seat)) as SigmarView;
    const { labels, y, bands } = named(view, seat);
    expect(labels).toEqual(["Your territory"]);
    // Its own band is the lower one on its map (SVG y grows downwards), and the name stands inside it.
    expect(bands!.own).toBeGreaterThan(bands!.other);
    expect(y[0]!).toBeGreaterThan(bands!.own);
  }
  expect(named(sigmar.viewFor(deploying, spectator) as SigmarView, null).labels).toEqual([]);
  const battle = playSigmar((s) => s.phase === "battle", "web-deploy-territory").state;
  expect(named(sigmar.viewFor(battle, seatViewer("p1")) as SigmarView, "p1").labels).toEqual([]);
});

test("the deployment prompt says where the territory is (the shaded band along the bottom edge), in English and in Korean", async () => {
  const seat = (["p1", "p2"] as const).find((s) => legalCommands(deploying, s).some((c) => c.type === "deploy"))!;
  const view = sigmar.viewFor(deploying, seatViewer(seat)) as SigmarView;
  const table = () => render(withNames(<SigmarTableView matchId="m" view={view} seat={seat} legal={legalCommands(deploying, seat)} templates={templates(deploying, seat)} onCommand={() => undefined} events={[]} />));
  await act(async () => {
    await i18next.changeLanguage("en");
  });
  let shown = table();
  fireEvent.click(shown.container.querySelector(".controls .command-list button")!);
  expect(screen.getByText(/click inside your territory, the shaded band along the bottom edge of the map, to place it\.$/)).toBeTruthy();
  shown.unmount();
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  shown = table();
  fireEvent.click(shown.container.querySelector(".controls .command-list button")!);
  expect(screen.getByText(/내 영역\(지도 아래쪽 가장자리의 음영 띠\) 안을 눌러 놓으세요\.$/)).toBeTruthy();
  expect(named(view, seat, "ko").labels).toEqual(["내 영역"]);
  shown.unmount();
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});

test("seed 003 24: while the seat sets up its units, its territory is brought into sight: a page scrolled far from the map scrolls back to it", () => {
  const seat = (["p1", "p2"] as const).find((s) => legalCommands(deploying, s).some((c) => c.type === "deploy"))!;
  const view = sigmar.viewFor(deploying, seatViewer(seat)) as SigmarView;
  // The map's frame is given a 600 px box whose top stands 1,500 px below the window's top.
  const table = (legal: ReturnType<typeof legalCommands>) => withNames(<SigmarTableView matchId="m" view={view} seat={seat} legal={legal} templates={templates(deploying, seat)} onCommand={() => undefined} events={[]} />);
  // The page open before the seat's setting up (no legal command yet), then the setting up.
  const scrolls = scrollsAtMoment({ box: { top: 1500, height: 600, width: 390 } }, table([]), table(legalCommands(deploying, seat)));
  expect(scrolls).toHaveLength(1);
  // The territory lies in the map's lower part: the scroll brings a point below the frame's middle (1,800 px) to the window's middle.
  expect(scrolls[0]!.top).toBeGreaterThan(1800 - 384);
});
