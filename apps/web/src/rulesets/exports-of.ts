/** The `name` export of each module of an `import.meta.glob` result that has one, in path order. */
export function exportsOf<T>(modules: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>, name: string): T[] {
  return Object.keys(modules)
    .sort()
    .flatMap((path) => {
      const found = modules[path]?.[name];
      return found ? [found as T] : [];
    });
}
