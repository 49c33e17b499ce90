import { PassThrough } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { inlineStylesContext, loggerContext, nonceContext } from "~/context";
import { NonceProvider } from "~/components/layout/nonce";
import { PUBLIC_PAGE_CACHE_CONTROL, pageHandles } from "~/lib/platform/page";
import { redactTokenPaths } from "~/lib/util/token-paths";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { hydrate, usedStylesOnly } = pageHandles(
    routerContext.staticHandlerContext.matches.map((match) => routerContext.routeModules[match.route.id]?.handle),
  );
  // Read pages carry no script, so no nonce: their HTML is the same for every visitor and can be
  // cached (docs/decisions/0012).
  const nonce = hydrate ? loadContext.get(nonceContext) : "";
  if (!responseHeaders.has("Cache-Control")) {
    // Only what every anonymous visitor sees alike may be kept by a CDN or the page cache
    // (server/page-cache.ts); a cookie (admin session, pending toast) makes the page personal.
    // A form's answer to a POST is never shared, whatever its status.
    const shared =
      !hydrate && responseStatusCode === 200 && request.method.toUpperCase() === "GET" && !request.headers.get("Cookie");
    responseHeaders.set("Cache-Control", shared ? PUBLIC_PAGE_CACHE_CONTROL : "private, no-store");
  }

  if (!hydrate) {
    // A read page has its data already (no <Scripts />, nothing streams or suspends): one string
    // is rendered at once, without encoding hundreds of small chunks into a stream.
    let html: string;
    try {
      html = renderToString(
        <NonceProvider value="">
          <ServerRouter context={routerContext} url={request.url} />
        </NonceProvider>,
      );
    } catch (error) {
      loadContext
        .get(loggerContext)
        .error({ err: error, path: redactTokenPaths(new URL(request.url).pathname) }, "render failed");
      throw error;
    }
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    // Only the rules the page uses, unless a script of its own swaps in HTML it fetches (the
    // calendar's refresh, today's race), which may use others (decision 0025).
    const page = loadContext.get(inlineStylesContext)(`<!DOCTYPE html>${html}`, { usedRulesOnly: usedStylesOnly });
    // Bytes, not a string: a string body is first checked character by character for lone surrogates.
    return new Response(Buffer.from(page), {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // Pages wait for all their data: they must read completely without JavaScript.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          // The whole page is ready: send it as one body (with a Content-Length) rather than a
          // stream of small writes, which the compression middleware handles badly.
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          loadContext
            .get(loggerContext)
            .error({ err: error, path: redactTokenPaths(new URL(request.url).pathname) }, "render failed");
        },
      },
    );
  });
}

/**
 * Errors thrown by loaders and actions. React Router's default prints them with console.error,
 * stack traces included, even for a request it merely refused (a 404, a 405, a bad form): here
 * they go through the request's pino logger, refusals as one line without a stack, and failures
 * through the serializer that keeps query parameters and contact details out of the log.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = context.get(loggerContext);
  const path = redactTokenPaths(new URL(request.url).pathname);
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info({ status: error.status, path, reason: error.statusText }, "request refused");
    return;
  }
  log.error({ err: isRouteErrorResponse(error) && "error" in error ? error.error : error, path }, "request failed");
};
