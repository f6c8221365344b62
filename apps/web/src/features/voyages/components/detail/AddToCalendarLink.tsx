import { Trans } from '@lingui/react/macro';
import { useState, type MouseEvent } from 'react';
import { voyageCalendarUrl } from '../../../../api/calendar';
import { activeLocale } from '../../../../i18n/i18n';

/**
 * "Add to calendar": the voyage's legs as an .ics file (docs/features/calendar.md).
 * A plain download link; for a signed-in member the file is fetched with the
 * session instead, as a voyage shown only to some members (a draft, a
 * suspended voyage) answers only them. That code loads on the click.
 */
export function AddToCalendarLink({ voyageId, signedIn }: { readonly voyageId: string; readonly signedIn: boolean }) {
  const [problem, setProblem] = useState<string | null>(null);
  const url = voyageCalendarUrl(voyageId, activeLocale());
  const download = (event: MouseEvent) => {
    event.preventDefault();
    setProblem(null);
    void import('../../../../api/voyage-calendar-download')
      .then((module) => module.downloadVoyageCalendar(url))
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  };
  return (
    <div className="voyage-detail__actions">
      <a className="button button--secondary button--small" href={url} download onClick={signedIn ? download : undefined}>
        <Trans>Add to calendar</Trans>
      </a>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
