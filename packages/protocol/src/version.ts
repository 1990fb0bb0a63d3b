/**
 * The wire protocol's version: 3 (2: `accepted` and `events` travel in compact forms; 3: seats are
 * claimed from single-use invites, chat line ids are per audience strings, names refuse invisible
 * formatting characters). Clients send it in their join options; the server refuses any other
 * value with `unsupported_protocol`. Bumped on every incompatible change to this package.
 * Its own module, so that a script needing only the number (a page's early seat reservation)
 * does not carry the schemas.
 */
export const PROTOCOL_VERSION = 3;
