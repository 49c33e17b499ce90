import { renderToStaticMarkup } from "react-dom/server";
import { createElement, Fragment } from "react";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatNews, parseInline, parseNews, plainNews, safeHref } from "~/lib/news/format";
import { escapeXml, atomFeed } from "~/lib/news/atom";
import { isPinned, newsSchema } from "~/lib/news/news-schema";
import { mayUse } from "~/lib/admin/roles";

const html = (text: string) => renderToStaticMarkup(createElement(Fragment, null, formatNews(text)));

describe("news formatting", () => {
  it("markup in the text is shown as text, never as markup", () => {
    const out = html('<script>alert(1)</script> <b onclick="x">bold</b> &amp;');
    expect(out).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;b onclick=&quot;x&quot;&gt;bold&lt;/b&gt; &amp;amp;</p>");
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<b");
  });

  it("a blank line starts a paragraph; a single line break stays a line break", () => {
    expect(html("First line\nsecond line\n\n  \nNew paragraph")).toBe("<p>First line<br/>second line</p><p>New paragraph</p>");
    expect(html("Windows\r\n\r\nline ends")).toBe("<p>Windows</p><p>line ends</p>");
  });

  it('lines starting "- " are a list, beside paragraphs in the same block', () => {
    expect(html("Bring:\n- a boat\n- spare props\nSee you there")).toBe(
      '<p>Bring:</p><ul class="list-disc space-y-1 pl-6"><li>a boat</li><li>spare props</li></ul><p>See you there</p>',
    );
    expect(parseNews("-not a list\n* nor this")).toEqual([
      { kind: "paragraph", lines: [[{ text: "-not a list" }], [{ text: "* nor this" }]] },
    ]);
  });

  it("bare https and http addresses and [words](https://...) are links with rel nofollow ugc noopener", () => {
    const out = html("See https://example.org/race?a=1&b=2. Or [the map](http://maps.example/lake).");
    expect(out).toContain(
      '<a href="https://example.org/race?a=1&amp;b=2" rel="nofollow ugc noopener" class="text-primary underline">https://example.org/race?a=1&amp;b=2</a>.',
    );
    expect(out).toContain(
      '<a href="http://maps.example/lake" rel="nofollow ugc noopener" class="text-primary underline">the map</a>.',
    );
  });

  it("javascript:, data: and other schemes are refused: they stay text", () => {
    for (const text of [
      "[click](javascript:alert(1))",
      "javascript:alert(document.cookie)",
      "[x](data:text/html;base64,PHNjcmlwdD4=)",
      "[x](vbscript:msgbox)",
      "[x](JaVaScRiPt:alert(1))",
    ]) {
      const out = html(text);
      expect(out, text).not.toContain("<a");
      expect(out, text).not.toContain("href");
    }
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("https://user:pw@example.org")).toBeNull();
    expect(safeHref("https://example.org/a b")).toBe("https://example.org/a%20b");
  });

  it("an address keeps its balanced brackets and loses the sentence's punctuation", () => {
    expect(parseInline("(see https://en.wikipedia.org/wiki/Boat_(disambiguation))")).toEqual([
      { text: "(see " },
      {
        text: "https://en.wikipedia.org/wiki/Boat_(disambiguation)",
        href: "https://en.wikipedia.org/wiki/Boat_(disambiguation)",
      },
      { text: ")" },
    ]);
    expect(parseInline("(https://example.org)")).toEqual([
      { text: "(" },
      { text: "https://example.org", href: "https://example.org/" },
      { text: ")" },
    ]);
  });

  // Issue 31 item 5: the trimming recounted the brackets for every ")" it dropped, so a notice of
  // a link and 9,981 ")" took close to a second per notice (twenty in the feed: 16-18 s).
  it("a link followed by 10,000 or 20,000 ')' is parsed in one pass: the link, then the brackets as text", () => {
    for (const n of [10_000, 20_000]) {
      const started = performance.now();
      const parts = parseInline(`https://example.org/boats${")".repeat(n)}`);
      const ms = performance.now() - started;
      expect(parts).toEqual([{ text: "https://example.org/boats", href: "https://example.org/boats" }, { text: ")".repeat(n) }]);
      // The quadratic trimming took 0.6 s at 10,000 and 6 s at 20,000; one pass takes a few ms.
      expect(ms, `${n} brackets`).toBeLessThan(500);
    }
    // Sentence punctuation mixed in, and a run of it before a letter (the old trailing regex
    // rescanned the run from each of its characters).
    const started = performance.now();
    expect(parseInline(`https://example.org/x${".)".repeat(10_000)}`)[1]).toEqual({ text: ".)".repeat(10_000) });
    expect(parseInline(`https://example.org/x${".".repeat(20_000)}a`)).toEqual([
      { text: `https://example.org/x${".".repeat(20_000)}a`, href: `https://example.org/x${".".repeat(20_000)}a` },
    ]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("trims an address exactly as the simple rule reads (property)", () => {
    // The rule in its plainest form, quadratic but obviously right: drop the sentence's
    // punctuation, then a ")" while the address closes more brackets than it opens, repeatedly.
    const reference = (address: string) => {
      const trailing = /[.,;:!?'"’”*]+$/;
      let end = address.replace(trailing, "");
      const unbalanced = (text: string) => text.split(")").length > text.split("(").length;
      while (end.endsWith(")") && unbalanced(end)) end = end.slice(0, -1).replace(trailing, "");
      return end;
    };
    const tail = fc.string({ unit: fc.constantFrom("(", ")", ".", ",", "!", "’", "”", "*", "a", "/", "?", "="), maxLength: 40 });
    fc.assert(
      fc.property(tail, (rest) => {
        const address = `https://example.org/${rest}`;
        const parts = parseInline(address);
        expect(parts[0]).toEqual({ text: reference(address), href: new URL(reference(address)).href });
        expect(parts.map((part) => part.text).join("")).toBe(address);
      }),
      { numRuns: 2_000 },
    );
  });

  it("a link's words cannot smuggle an attribute or markup", () => {
    const out = html('[" onmouseover="alert(1)](https://example.org/"><img src=x>)');
    expect(out).not.toContain("<img");
    expect(out).not.toContain('" onmouseover');
  });

  it("plainNews drops the formatting (for excerpts and previews)", () => {
    expect(plainNews("Race moved.\n\n- [Map](https://x.org)\n- Sunday")).toBe("Race moved. Map; Sunday");
  });
});

describe("the Atom feed's escaping", () => {
  it("escapes the five XML characters and drops what XML cannot carry", () => {
    expect(escapeXml(`<a href="x">Tom's & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom&apos;s &amp; Jerry&apos;s&lt;/a&gt;",
    );
    expect(escapeXml("a\u0000b\u0008c\uFFFEd\ttab")).toBe("abcd\ttab");
  });

  it("builds a feed whose every text is escaped", () => {
    const feed = atomFeed({
      title: "Club & Co <News>",
      siteUrl: "https://club.example",
      author: "Club",
      entries: [
        {
          url: "https://club.example/news/1",
          title: "</title><script>",
          published: new Date("2026-06-01T10:00:00Z"),
          updated: new Date("2026-06-02T10:00:00Z"),
          html: "<p>a &amp; b</p>",
          summary: "a & b",
        },
      ],
    });
    expect(feed).toContain("<title>Club &amp; Co &lt;News&gt;</title>");
    expect(feed).toContain('<title type="text">&lt;/title&gt;&lt;script&gt;</title>');
    expect(feed).toContain('<content type="html">&lt;p&gt;a &amp;amp; b&lt;/p&gt;</content>');
    expect(feed).toContain("<updated>2026-06-02T10:00:00.000Z</updated>");
  });
});

describe("the news form and pin rules", () => {
  it("refuses a blank title and text, a bad date and control characters", () => {
    expect(newsSchema.safeParse({ title: " ", body: "x" }).success).toBe(false);
    expect(newsSchema.safeParse({ title: "T", body: "  \n " }).success).toBe(false);
    expect(newsSchema.safeParse({ title: "T", body: "x", pinnedUntil: "2026-02-30" }).success).toBe(false);
    expect(newsSchema.safeParse({ title: "T\u202E", body: "x" }).success).toBe(false);
    expect(newsSchema.safeParse({ title: "T", body: "x".repeat(10_001) }).success).toBe(false);
    expect(newsSchema.safeParse({ title: "T", body: "line\n\n- item", pinnedUntil: "2026-06-20" }).success).toBe(true);
  });

  it("a notice is pinned through its last day, in club days", () => {
    expect(isPinned("2026-06-15", "2026-06-15")).toBe(true);
    expect(isPinned("2026-06-15", "2026-06-16")).toBe(false);
    expect(isPinned(null, "2026-06-15")).toBe(false);
  });

  it("owners and results officers may write news; nobody else", () => {
    expect(mayUse("owner", "news")).toBe(true);
    expect(mayUse("results_officer", "news")).toBe(true);
    expect(mayUse("treasurer", "news")).toBe(false);
    expect(mayUse("", "news")).toBe(false);
  });
});
