/**
 * Methods the site does not implement (issue 31 item 14) are answered 501 Not Implemented (RFC
 * 9110 section 15.6.2) with the methods it does, and logged as an ordinary request, never as an
 * error. Three places see them, depending on how far Node gets with the method:
 * - one Node parses and hands to the app (TRACE, PROPFIND, MKCOL...): `refuseUnsupportedMethods`,
 *   before anything else of Express. TRACE used to reach React Router, whose web Request refuses
 *   to be built for it: a 500 with a stack trace in the log;
 * - CONNECT, which Node hands to the server's "connect" event, else drops the connection unanswered;
 * - one Node's parser does not know (TRACK, FOO): its "clientError", else a bare 400.
 */
import { STATUS_CODES, type Server } from "node:http";
import type { Duplex } from "node:stream";
import type express from "express";

/** What some page, form, file or the API of the site answers (others get 405 from their route). */
export const ALLOWED_METHODS = "GET, HEAD, POST, OPTIONS";
/** What is handed on to the routes: PUT, PATCH and DELETE get their route's 405. */
const HANDLED = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const MESSAGE = `Not Implemented: this site answers ${ALLOWED_METHODS}.`;

export function refuseUnsupportedMethods(): express.RequestHandler {
  return (req, res, next) => {
    if (HANDLED.has(req.method)) return next();
    res
      .status(501)
      .set({ Allow: ALLOWED_METHODS, "Cache-Control": "no-store", Connection: "close" })
      .type("text/plain")
      .send(MESSAGE);
  };
}

/** An answer written straight to the socket, for requests that never become one Express sees. */
function rawAnswer(status: number, extraHeaders = ""): string {
  const body = status === 501 ? MESSAGE : "";
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${extraHeaders}Content-Type: text/plain; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** Node's own answers to a request it cannot parse (its default "clientError"), and 501 for an unknown method. */
const PARSE_ERROR_STATUS: Record<string, number> = {
  HPE_INVALID_METHOD: 501,
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

export function answerUnparsedMethods(server: Server): void {
  server.on("connect", (_req, socket: Duplex) => {
    socket.end(rawAnswer(501, `Allow: ${ALLOWED_METHODS}\r\n`), () => socket.destroy());
  });
  // Listening replaces Node's default, which this repeats for every other error: an answer only
  // while no response of this connection has begun (it would be corrupted), then the socket closed.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const status = PARSE_ERROR_STATUS[error.code ?? ""] ?? 400;
      socket.write(status === 501 ? rawAnswer(501, `Allow: ${ALLOWED_METHODS}\r\n`) : rawAnswer(status));
    }
    socket.destroy(error);
  });
}
