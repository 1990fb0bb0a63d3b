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
