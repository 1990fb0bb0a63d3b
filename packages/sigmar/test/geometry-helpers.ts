/** Re-exports of the geometry the tests place models with. */
export { baseRadius } from "../src/geometry";
export { formation } from "../src/moves";
