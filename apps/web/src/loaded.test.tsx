/**
 * useLoaded (./loaded.ts): a table page's parts load as state, not through Suspense. The load
 * starts after the effects of earlier hooks (a table joins first), its value or its error is
 * returned once it settles, and a new key loads again (an answer for the old key is dropped).
 */
import { act, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { useLoaded, type Loaded } from "./loaded";

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const shown = (loaded: Loaded<string>) => (loaded.status === "ready" ? `ready ${loaded.value}` : loaded.status === "failed" ? `failed ${loaded.error.message}` : "loading");

function Probe({ id, load, order }: { id: string | null; load: (id: string) => Promise<string>; order?: string[] }) {
  useEffect(() => {
    order?.push("earlier effect");
  }, []);
  const loaded = useLoaded(id, () => {
    order?.push(`load ${id}`);
    return load(id!);
  });
  return <p>{shown(loaded)}</p>;
}

test("loads after the effects of the hooks before it, shows loading until the value arrives, then the value", async () => {
  const order: string[] = [];
  const pending = deferred<string>();
  render(<Probe id="body" load={() => pending.promise} order={order} />);
  expect(order).toEqual(["earlier effect", "load body"]);
  expect(screen.getByText("loading")).toBeTruthy();
  await act(async () => pending.resolve("TableBody"));
  expect(screen.getByText("ready TableBody")).toBeTruthy();
});

test("a failed load is returned as failed with its error, for the page to say so", async () => {
  const pending = deferred<string>();
  render(<Probe id="body" load={() => pending.promise} />);
  await act(async () => pending.reject(new Error("Failed to fetch dynamically imported module")));
  expect(screen.getByText("failed Failed to fetch dynamically imported module")).toBeTruthy();
});

test("nothing loads while the key is null; a new key loads again and an answer for the old key is dropped", async () => {
  const loads = new Map<string, ReturnType<typeof deferred<string>>>();
  const load = (id: string) => {
    const d = deferred<string>();
    loads.set(id, d);
    return d.promise;
  };
  const { rerender } = render(<Probe id={null} load={load} />);
  expect(loads.size).toBe(0);
  expect(screen.getByText("loading")).toBeTruthy();
  rerender(<Probe id="ember" load={load} />);
  rerender(<Probe id="siege" load={load} />);
  expect([...loads.keys()]).toEqual(["ember", "siege"]);
  await act(async () => loads.get("ember")!.resolve("EMBER's table"));
  expect(screen.getByText("loading")).toBeTruthy();
  await act(async () => loads.get("siege")!.resolve("Siege's table"));
  expect(screen.getByText("ready Siege's table")).toBeTruthy();
});
