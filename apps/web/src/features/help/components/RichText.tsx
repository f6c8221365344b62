import { Fragment } from 'react';
import { Link } from 'react-router-dom';

const LINK = /(\[[^\]]+\]\((?:\/|mailto:)[^)]*\))/g;
const PARTS = /^\[([^\]]+)\]\(((?:\/|mailto:)[^)]*)\)$/;

/**
 * A paragraph of plain text in which `[label](/path)` becomes a router link and
 * `[label](mailto:address)` an email link; everything else is rendered as text.
 */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {text.split(LINK).map((part, index) => {
        const link = PARTS.exec(part);
        if (!link) return <Fragment key={index}>{part}</Fragment>;
        const label = link[1] ?? '';
        const target = link[2] ?? '';
        return target.startsWith('mailto:') ? (
          <a key={index} href={target}>
            {label}
          </a>
        ) : (
          <Link key={index} to={target}>
            {label}
          </Link>
        );
      })}
    </>
  );
}
