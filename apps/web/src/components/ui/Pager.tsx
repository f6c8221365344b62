import { Trans, useLingui } from '@lingui/react/macro';
/** A window of up to 5 page numbers around the current page. */
export const PAGE_WINDOW = 5;

export function pageWindow(page: number, pages: number, size = PAGE_WINDOW): number[] {
  if (pages <= 0) return [];
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), pages - size + 1));
  const end = Math.min(pages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** Previous, up to 5 page buttons, Next: the browse list and the admin tables. */
export function Pager({ page, pages, onPage, label, className = 'pager' }: { page: number; pages: number; onPage: (page: number) => void; label?: string; className?: string }) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={label ?? t`Result pages`}>
      <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      {pageWindow(page, pages).map((n) => (
        <button
          key={n}
          type="button"
          className={`button button--small ${n === page ? 'button--primary' : 'button--secondary'}`}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t`Page ${n}`}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className="button button--secondary button--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
