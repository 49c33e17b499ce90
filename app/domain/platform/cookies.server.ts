/**
 * Secure + `__Host-` whenever it matters: always in production, except for plain http to a
 * loopback host (a browser on the same machine, e.g. the production build under test), where
 * nothing crosses a network and browsers would otherwise drop the cookie. Behind a TLS proxy the
 * request counts as https only with TRUST_PROXY set; without it the host is not loopback, so the
 * cookie is still Secure.
 */
export function secureCookies(request: Pick<Request, "url">, production: boolean): boolean {
  if (!production) return false;
  const url = new URL(request.url);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return url.protocol === "https:" || !loopback;
}
