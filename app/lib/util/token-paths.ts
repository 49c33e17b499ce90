/**
 * Paths whose segment after the prefix is a secret: a single-use or private link's token
 * (app/routes.ts, every `:token` route). Anything kept after the request (logs, sent e-mails in
 * the outbox) keeps the path but not the token: a log reader must not be able to use the link.
 */
const TOKEN_PATH =
  /(\/(?:race-entry|duty-swap|messages|registration\/confirm|admin\/reset-password|admin\/invitation|privacy\/link|privacy\/keep)\/)[^/?#\s<>"']+/gi;

/** `/race-entry/abc` -> `/race-entry/[redacted]`, in a path or in free text holding links. */
export function redactTokenPaths(text: string): string {
  return text.replace(TOKEN_PATH, "$1[redacted]");
}
