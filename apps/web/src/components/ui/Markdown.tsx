import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A safe subset of Markdown for knowledge-base articles, drawn as React
 * elements (never as HTML): headings (#, ##, ###), paragraphs, bulleted and
 * numbered lists, **bold**, *italic*, `code` and [links](/path) to pages of
 * the site, https:// addresses or mailto: addresses. Anything else, raw HTML
 * included, shows as the text it is.
 */
export type MarkdownBlock =
  | { readonly kind: 'heading'; readonly level: 2 | 3 | 4; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'list'; readonly ordered: boolean; readonly items: readonly string[] };

const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^(#{1,3})\s+(.*)$/;

export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items });
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (line.trim() === '') flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: (heading[1]!.length + 1) as 2 | 3 | 4, text: heading[2]!.trim() });
    } else if (bullet || numbered) {
      const ordered = !bullet;
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!.trim());
    } else if (list && /^\s{2,}\S/.test(line)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

const INLINE = /(\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;
const LINK = /^\[([^\]]+)\]\(([^)\s]+)\)$/;

const safeHref = (target: string): { internal: boolean; href: string } | null => {
  if (/^\/(?!\/)/.test(target)) return { internal: true, href: target };
  if (/^https:\/\/[^\s]+$/i.test(target) || /^mailto:[^\s@]+@[^\s@]+$/i.test(target)) return { internal: false, href: target };
  return null;
};

export function Inline({ text }: { text: string }): ReactNode {
  return text.split(INLINE).map((part, index) => {
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) return <strong key={index}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) return <code key={index}>{part.slice(1, -1)}</code>;
    const link = LINK.exec(part);
    if (link) {
      const target = safeHref(link[2]!);
      if (!target) return <Fragment key={index}>{link[1]}</Fragment>;
      return target.internal ? (
        <Link key={index} to={target.href}>
          {link[1]}
        </Link>
      ) : (
        <a key={index} href={target.href} rel="noopener noreferrer">
          {link[1]}
        </a>
      );
    }
    if (part.startsWith('*') && part.endsWith('*') && part.length > 2) return <em key={index}>{part.slice(1, -1)}</em>;
    return <Fragment key={index}>{part}</Fragment>;
  });
}

export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div className={className}>
      {parseMarkdown(source).map((block, index) => {
        if (block.kind === 'heading') {
          const Tag = `h${block.level}` as const;
          return (
            <Tag key={index}>
              <Inline text={block.text} />
            </Tag>
          );
        }
        if (block.kind === 'list') {
          const Tag = block.ordered ? 'ol' : 'ul';
          return (
            <Tag key={index}>
              {block.items.map((item, i) => (
                <li key={i}>
                  <Inline text={item} />
                </li>
              ))}
            </Tag>
          );
        }
        return (
          <p key={index}>
            <Inline text={block.text} />
          </p>
        );
      })}
    </div>
  );
}
