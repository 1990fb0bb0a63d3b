/**
 * Which push services the server sends to (docs/operating.md "Web Push"). A browser's
 * subscription names a URL the server will POST to; taking any URL would let anyone with an
 * account make the server call addresses of their choosing (SSRF). So an endpoint must be
 * https on the default port at a known push service (Google's FCM, Mozilla's autopush, Apple's,
 * Microsoft's WNS), or on an origin the operator allows (`FOGWAR_PUSH_HOSTS`: a private push
 * service, or the test push endpoint over plain http on the loopback).
 */

/** The host names (and their sub-domains) of the public push services browsers use. */
export const KNOWN_PUSH_SERVICES: readonly string[] = ["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"];

/**
 * One entry of `FOGWAR_PUSH_HOSTS` as an origin: `https://host[:port]` or `http://host[:port]` as
 * given (no path, no credentials), a bare `host[:port]` meaning https.
 * @returns the origin (`scheme://host[:port]`, the default port left out), or null when malformed.
 */
export function pushOrigin(entry: string): string | null {
  const text = entry.trim();
  if (text === "" || /\s/.test(text)) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== "")) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Whether the server may send to `endpoint`: https on the default port at a host ending in one of
 * {@link KNOWN_PUSH_SERVICES} (the host itself or a sub-domain), or any endpoint whose origin is
 * one of `allowed` (origins from {@link pushOrigin}). Credentials in the URL are never allowed.
 */
export function pushEndpointAllowed(endpoint: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (allowed.includes(url.origin)) return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  const host = url.hostname.toLowerCase();
  return KNOWN_PUSH_SERVICES.some((service) => host === service || host.endsWith(`.${service}`));
}
