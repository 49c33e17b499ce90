/**
 * The privacy notice's sections (app/lib/privacy/notice.ts) as server HTML: headings, paragraphs,
 * lists, and the retention table as a definition list (it reads on a phone without scrolling sideways).
 */
import type { NoticeBlock, NoticeSection } from "~/lib/privacy/notice";

export function NoticeSections({
  sections,
  children,
}: {
  sections: NoticeSection[];
  children?: Record<string, React.ReactNode>;
}) {
  return (
    <div className="space-y-8">
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="space-y-3">
          <h2 id={`${section.id}-heading`} className="text-xl font-semibold">
            {section.heading}
          </h2>
          {section.blocks.map((block, i) => (
            <Block key={i} block={block} />
          ))}
          {children?.[section.id]}
        </section>
      ))}
    </div>
  );
}

function Block({ block }: { block: NoticeBlock }) {
  switch (block.type) {
    case "paragraph":
      return <p className="whitespace-pre-line">{block.text}</p>;
    case "list":
      return (
        <ul className="list-disc space-y-1 pl-5">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "retention":
      return (
        <dl className="divide-y rounded-md border">
          {block.lines.map((line) => (
            <div key={line.what} className="grid gap-1 p-3 sm:grid-cols-2 sm:gap-4">
              <dt className="font-medium">{line.what}</dt>
              <dd className="text-muted-foreground">{line.kept}</dd>
            </div>
          ))}
        </dl>
      );
  }
}
