import type { DefinedFigure } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** Each figure's one definition: the English words of the contracts' FIGURE_DEFINITIONS (figure-term.spec.tsx holds them to it). */
export const FIGURE_TEXTS = {
  completion_rate: msg`Of the voyages that ended (completed or cancelled), the share that was completed. Voyages still planned or under way are not counted.`,
  daily_active: msg`Distinct browsers that viewed a page on a day (only visitors who accepted analytics cookies), averaged over the days of the period.`,
  avg_session_duration: msg`Average length of a visit: from its first to its last page view; views less than 30 minutes apart are one visit.`,
  page_views: msg`Page views recorded from visitors who accepted analytics cookies, within the per-address and per-browser limits.`,
  retention_rate: msg`Of the browsers seen in the 30 days before the last 30, the share seen again in the last 30 days.`,
  dropped_page_views: msg`Page views the site received but did not record: unknown pages, or beyond the limits one address or browser may send. None is counted in the figures above.`,
  acceptance_rate: msg`Of the applications decided in the period, the share accepted.`,
  conversion_rate: msg`Of all members, the share holding an active crew subscription.`,
} satisfies Record<DefinedFigure, MessageDescriptor>;

/**
 * A figure's label with its one definition (the same on every admin screen)
 * shown on hover and focus, and read out by screen readers.
 */
export function FigureTerm({ figure, children }: { figure: DefinedFigure; children: ReactNode }) {
  const { i18n } = useLingui();
  const definition = i18n._(FIGURE_TEXTS[figure]);
  return (
    <span className="figure-term" title={definition} tabIndex={0}>
      {children}
      <span className="visually-hidden">: {definition}</span>
    </span>
  );
}
