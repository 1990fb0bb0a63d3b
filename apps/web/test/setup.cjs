// jsdom lacks a few globals that React Router and the client use.
const { TextEncoder, TextDecoder } = require("node:util");
globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;
if (!globalThis.crypto?.randomUUID) {
  const { webcrypto } = require("node:crypto");
  Object.defineProperty(globalThis, "crypto", { value: webcrypto, configurable: true });
}
// React 19's act() environment flag for testing-library.
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
// Pages that rebuild a whole match (the reviews) take seconds when the suite shares two cores
// with ten other projects; findBy* waits up to 10 s instead of 1 s (a real miss still fails).
require("@testing-library/dom").configure({ asyncUtilTimeout: 10_000 });
