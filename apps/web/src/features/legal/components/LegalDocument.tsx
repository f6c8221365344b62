import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/PageHeader';
import { formatCalendarDate } from '../../../lib/format';

export interface LegalSection {
  /** Anchor for the contents list, e.g. `subscription` → #subscription. */
  readonly id: string;
  /** The heading, in the reader's language. */
  readonly title: string;
  /** The text, in English (the binding version) whatever the reader's language. */
  readonly body: ReactNode;
}

/** Both legal pages were last changed on this date (July 23, 2025). */
export const LEGAL_LAST_UPDATED = { iso: '2025-07-23', date: new Date(2025, 6, 23) } as const;

/**
 * A legal page: title, last-updated line, introduction, contents and numbered
 * sections. The headings, contents and page furniture follow the reader's
 * language; the legal text itself is English, the binding version: in any
 * other language a notice says so first, and the text is marked as English.
 */
export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSection[] }) {
  const { i18n } = useLingui();
  const english = i18n.locale === 'en';
  const inEnglish = (content: ReactNode) => (english ? content : <div lang="en">{content}</div>);
  const updated = formatCalendarDate(LEGAL_LAST_UPDATED.date);
  return (
    <div className="page legal-page">
      <PageHeader title={title}>
        <p className="legal-page__updated">
          <Trans>
            Last updated <time dateTime={LEGAL_LAST_UPDATED.iso}>{updated}</time>
          </Trans>
        </p>
      </PageHeader>
      {!english && (
        <p className="legal-page__language" role="note">
          <Trans>
            The legal text on this page is provided in English only, and the English version is the binding one. The headings and contents are translated to help you find your way.
          </Trans>
        </p>
      )}
      <div className="legal-page__intro">{inEnglish(intro)}</div>
      <nav className="legal-page__toc" aria-labelledby="legal-contents">
        <h2 id="legal-contents">
          <Trans>Contents</Trans>
        </h2>
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
          {inEnglish(section.body)}
        </section>
      ))}
    </div>
  );
}
