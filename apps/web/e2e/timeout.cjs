// testTimeout is a global option: the root run (`pnpm test`, every project at once) ignores a
// project's own, so the browser tests set their long timeout here, in each test file's setup.
jest.setTimeout(240_000);
