import { PassThrough } from "node:stream";
import { createElement, Fragment } from "react";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InTurns } from "~/components/ui/in-turns";

const rows = Array.from({ length: 130 }, (_, i) => `row ${i}`);
const item = (text: string) => createElement("li", { key: text }, text);

/** The page as the server streams it (as app/entry.server.tsx does), and the turns the loop took meanwhile. */
async function streamed(element: React.ReactElement): Promise<{ html: string; turns: number }> {
  let turns = 0;
  let counting = true;
  const count = () => {
    turns++;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  const html = await new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (c: Buffer) => chunks.push(c));
        body.on("end", () => resolve(Buffer.concat(chunks).toString()));
        pipe(body);
      },
      onShellError: reject,
    });
  });
  counting = false;
  return { html, turns };
}

describe("a long list rendered in turns", () => {
  it("gives the same HTML as the list rendered at once, with the event loop turning between slices", async () => {
    const once = renderToStaticMarkup(createElement("ol", null, rows.map(item)));
    const sliced = await streamed(
      createElement("ol", null, createElement(InTurns<string>, { items: rows, size: 25, children: item })),
    );
    // Six slices of 25: the event loop turned at least once between each two.
    expect(sliced.turns).toBeGreaterThanOrEqual(5);
    expect(sliced.html.replaceAll("<!-- -->", "")).toBe(once);
  });

  it("renders an empty list and a list shorter than one slice", async () => {
    expect(
      (await streamed(createElement(Fragment, null, createElement(InTurns<string>, { items: [], children: item })))).html,
    ).toBe("");
    const short = await streamed(
      createElement("ol", null, createElement(InTurns<string>, { items: rows.slice(0, 3), children: item })),
    );
    expect(short.html).toBe("<ol><li>row 0</li><li>row 1</li><li>row 2</li></ol>");
  });
});
