import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/PageHeader';

export interface LegalSection {
  /** Anchor for the contents list, e.g. `subscription` → #subscription. */
  readonly id: string;
  readonly title: string;
  readonly body: ReactNode;
}

/** Both legal pages were last changed on this date (July 23, 2025). */
export const LEGAL_LAST_UPDATED = { iso: '2025-07-23', label: 'July 23, 2025' } as const;

/** A legal page: title, last-updated line, introduction, contents and numbered sections. */
export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSection[] }) {
  return (
    <div className="page legal-page">
      <PageHeader title={title}>
        <p className="legal-page__updated">
          Last updated <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.label}</time>
        </p>
      </PageHeader>
      <div className="legal-page__intro">{intro}</div>
      <nav className="legal-page__toc" aria-labelledby="legal-contents">
        <h2 id="legal-contents">Contents</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} className="legal-page__section" aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </div>
  );
}
