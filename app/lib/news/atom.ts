/**
 * The news feed as Atom 1.0 (RFC 4287), written by hand: a page of XML with one escaping rule,
 * tested in tests/unit/news-atom.test.ts, rather than a dependency for twenty lines.
 */

// Characters XML 1.0 cannot carry at all, even escaped (controls but tab and line breaks,
// lone surrogates, U+FFFE/U+FFFF): dropped rather than sent as a document no reader parses.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text or an attribute value, safe inside an element or a double- or single-quoted attribute. */
export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export interface AtomEntry {
  /** The notice's page: its id in the feed too (a notice keeps its address). */
  url: string;
  title: string;
  published: Date;
  updated: Date;
  /** The notice as HTML already rendered from React elements; escaped once more here as text of type "html". */
  html: string;
  summary: string;
}

export interface AtomFeed {
  title: string;
  /** The site's address without a trailing slash. */
  siteUrl: string;
  author: string;
  entries: AtomEntry[];
}

export function atomFeed(feed: AtomFeed): string {
  const updated = feed.entries.reduce((latest, e) => (e.updated > latest ? e.updated : latest), new Date(0));
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <id>${escapeXml(`${feed.siteUrl}/news`)}</id>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${feed.siteUrl}/news`)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${feed.siteUrl}/news.atom`)}"/>`,
    `  <updated>${updated.toISOString()}</updated>`,
    `  <author><name>${escapeXml(feed.author)}</name></author>`,
  ];
  for (const entry of feed.entries) {
    lines.push(
      "  <entry>",
      `    <title type="text">${escapeXml(entry.title)}</title>`,
      `    <id>${escapeXml(entry.url)}</id>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(entry.url)}"/>`,
      `    <published>${entry.published.toISOString()}</published>`,
      `    <updated>${entry.updated.toISOString()}</updated>`,
      `    <summary type="text">${escapeXml(entry.summary)}</summary>`,
      `    <content type="html">${escapeXml(entry.html)}</content>`,
      "  </entry>",
    );
  }
  lines.push("</feed>", "");
  return lines.join("\n");
}
