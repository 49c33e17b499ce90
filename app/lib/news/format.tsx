/**
 * A news notice's text, as the admin typed it, turned into React elements: never into an HTML
 * string, so nothing the admin types can become markup (React escapes every text it renders).
 * The formatting is a small documented subset, and nothing else means anything:
 *
 * - a blank line starts a new paragraph; a single line break stays a line break;
 * - lines starting "- " are a bulleted list;
 * - a bare http:// or https:// address is a link, and so is [text](https://address).
 *
 * Links lead only to http and https addresses (anything else, `javascript:` included, stays
 * text) and carry rel="nofollow ugc noopener": the club vouches for none of them.
 */
import { createElement, Fragment, type ReactNode } from "react";

export const NEWS_FORMAT_HELP = [
  "A blank line starts a new paragraph.",
  'Lines starting with "- " make a list.',
  "Web addresses (https://...) become links; [words](https://...) links the words.",
] as const;

export const LINK_REL = "nofollow ugc noopener";

/** A piece of a line: text, or a link to an http(s) address. */
export type Inline = { text: string } | { text: string; href: string };

export type Block = { kind: "paragraph"; lines: Inline[][] } | { kind: "list"; items: Inline[][] };

// [words](http(s)://address) or a bare http(s) address. Link words hold no brackets; an address
// ends at white space or a closing bracket/angle/quote.
const INLINE = /\[([^[\]\n]{1,200})\]\((https?:\/\/[^\s()<>"]+)\)|(https?:\/\/[^\s<>"]+)/gi;
// Punctuation that ends a sentence rather than an address ("see https://x.org.").
const TRAILING = new Set([".", ",", ";", ":", "!", "?", "'", '"', "’", "”", "*"]);

/** The address if it is an http(s) URL that parses, normalised by the URL parser; else null. */
export function safeHref(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  // Credentials in a link ("https://club.org@evil.example") only ever mislead the reader.
  if (url.username || url.password) return null;
  return url.href;
}

/**
 * A bare address, without the sentence's closing punctuation or an unbalanced ")". One walk back
 * from the end with the brackets counted once: an address is up to 10,000 characters, and
 * recounting them for every ")" dropped made a notice of "https://x.org))))..." take seconds.
 */
function trimBare(address: string): { address: string; rest: string } {
  let open = 0;
  let close = 0;
  for (const char of address) {
    if (char === "(") open++;
    else if (char === ")") close++;
  }
  let end = address.length;
  for (;;) {
    while (end > 0 && TRAILING.has(address[end - 1]!)) end--;
    // A ")" closing more than the address opened belongs to the sentence around it.
    if (end === 0 || address[end - 1] !== ")" || close <= open) break;
    end--;
    close--;
  }
  return { address: address.slice(0, end), rest: address.slice(end) };
}

/** One line's text and links. */
export function parseInline(line: string): Inline[] {
  const parts: Inline[] = [];
  const push = (text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && !("href" in last)) last.text += text;
    else parts.push({ text });
  };
  let at = 0;
  for (const match of line.matchAll(INLINE)) {
    push(line.slice(at, match.index));
    at = match.index + match[0].length;
    if (match[1] !== undefined && match[2] !== undefined) {
      const href = safeHref(match[2]);
      if (href) parts.push({ text: match[1], href });
      else push(match[0]);
    } else {
      const { address, rest } = trimBare(match[3]!);
      const href = safeHref(address);
      if (href) parts.push({ text: address, href });
      else push(address);
      push(rest);
    }
  }
  push(line.slice(at));
  return parts;
}

const LIST_ITEM = /^[ \t]*- /;

/** The text's paragraphs and lists, in order. */
export function parseNews(text: string): Block[] {
  const blocks: Block[] = [];
  const chunks = text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.split("\n").filter((line) => line.trim() !== ""))
    .filter((lines) => lines.length > 0);
  for (const lines of chunks) {
    let current: Block | null = null;
    for (const line of lines) {
      if (LIST_ITEM.test(line)) {
        if (current?.kind !== "list") blocks.push((current = { kind: "list", items: [] }));
        current.items.push(parseInline(line.replace(LIST_ITEM, "").trim()));
      } else {
        if (current?.kind !== "paragraph") blocks.push((current = { kind: "paragraph", lines: [] }));
        current.lines.push(parseInline(line.trim()));
      }
    }
  }
  return blocks;
}

function inlineElements(parts: Inline[]): ReactNode[] {
  return parts.map((part, i) =>
    "href" in part
      ? createElement("a", { key: i, href: part.href, rel: LINK_REL, className: "text-primary underline" }, part.text)
      : createElement(Fragment, { key: i }, part.text),
  );
}

/** The notice's text as elements: paragraphs (<p>, line breaks kept) and lists (<ul>). */
export function formatNews(text: string): ReactNode[] {
  return parseNews(text).map((block, i) =>
    block.kind === "list"
      ? createElement(
          "ul",
          { key: i, className: "list-disc space-y-1 pl-6" },
          block.items.map((item, j) => createElement("li", { key: j }, inlineElements(item))),
        )
      : createElement(
          "p",
          { key: i },
          block.lines.flatMap((line, j) => [
            ...(j > 0 ? [createElement("br", { key: `br${j}` })] : []),
            createElement(Fragment, { key: j }, inlineElements(line)),
          ]),
        ),
  );
}

/** The text without its formatting (link words, list items as sentences): previews and summaries. */
export function plainNews(text: string): string {
  return (
    parseNews(text)
      // A list's items read as one sentence ("a boat; spare props"), lines as running text.
      .map((block) =>
        (block.kind === "list" ? block.items : block.lines)
          .map((line) => line.map((part) => part.text).join(""))
          .join(block.kind === "list" ? "; " : " "),
      )
      .join(" ")
  );
}
