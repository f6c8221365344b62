import type { CalendarFeed } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { calendarFeedQueryOptions, useCreateCalendarFeed, useDeleteCalendarFeed } from '../../../api/calendar';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { formatDate } from '../../../lib/format';
import '../calendar.css';

type Outcome = { readonly ok: boolean; readonly text: string };

/**
 * The member's private calendar feed (docs/features/calendar.md): made on
 * request, shown with a Copy button and a webcal:// "Subscribe" link, reset
 * (a new address, the old one stops working) or turned off. Only a hash of
 * the address is kept on the server, so it is shown once, when it is made;
 * afterwards the section says the feed is on and offers a new address.
 */
export function CalendarFeedSection() {
  const { t } = useLingui();
  const id = useId();
  const status = useQuery(calendarFeedQueryOptions());
  const create = useCreateCalendarFeed();
  const remove = useDeleteCalendarFeed();
  const [feed, setFeed] = useState<CalendarFeed | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = create.isPending || remove.isPending;

  if (status.isPending) return <LoadingState label={t`Loading your calendar feed…`} />;
  if (status.isError) return <ErrorState message={t`Your calendar feed could not be loaded. Please try again.`} onRetry={() => void status.refetch()} />;
  const active = status.data.active;

  const make = (reset: boolean) => {
    setOutcome(null);
    create.mutate(undefined, {
      onSuccess: (made) => {
        setFeed(made);
        setOutcome({ ok: true, text: reset ? t`New link made. The old link no longer works: update any calendar that used it.` : t`Your calendar feed is on.` });
      },
      onError: (error) => {
        const reason = error.message;
        setOutcome({ ok: false, text: t`The calendar feed could not be made: ${reason}` });
      },
    });
  };
  const turnOff = () => {
    setOutcome(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        setFeed(null);
        setOutcome({ ok: true, text: t`Your calendar feed is off. Its link no longer works.` });
      },
      onError: (error) => {
        const reason = error.message;
        setOutcome({ ok: false, text: t`The calendar feed could not be turned off: ${reason}` });
      },
    });
  };
  const copy = (url: string) => {
    setOutcome(null);
    navigator.clipboard
      .writeText(url)
      .then(() => setOutcome({ ok: true, text: t`Link copied. Paste it into your calendar app as a subscription.` }))
      .catch(() => setOutcome({ ok: false, text: t`The link could not be copied: select it and copy it yourself.` }));
  };
  const since = status.data.created_at ? formatDate(status.data.created_at.slice(0, 10)) : '';

  return (
    <section className="calendar-feed" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Calendar feed</Trans>
      </h2>
      <p>
        <Trans>
          Follow your voyages in the calendar app you already use. The feed lists each leg of the voyages you skipper, sail on as accepted crew or have a pending application to:
          the voyage&apos;s title, its ports and dates, a link to it, and your part (skipper, accepted crew or application pending). It shows no other member&apos;s name or contact
          details.
        </Trans>
      </p>
      <p className="field__hint">
        <Trans>
          Calendar apps fetch it again about every hour, so new dates and decisions on your applications show up on their own; a voyage leaves it when your application is
          withdrawn, not accepted or expires, or when the voyage is cancelled.
        </Trans>
      </p>

      {active && feed ? (
        <div className="calendar-feed__address">
          <label htmlFor={`${id}-url`} className="calendar-feed__label">
            <Trans>Your private feed link</Trans>
          </label>
          <div className="calendar-feed__row">
            <input
              id={`${id}-url`}
              className="calendar-feed__url"
              type="text"
              readOnly
              value={feed.url}
              aria-describedby={`${id}-private`}
              onFocus={(event) => event.target.select()}
            />
            <button type="button" className="button button--primary" onClick={() => copy(feed.url)}>
              <Trans>Copy</Trans>
            </button>
            <a className="button button--secondary" href={feed.webcal_url}>
              <Trans>Subscribe</Trans>
            </a>
          </div>
          <p id={`${id}-private`} className="field__hint">
            <Trans>Keep this link to yourself: anyone who has it can see these voyages. It is shown only now; if you lose it, reset the link.</Trans>
          </p>
        </div>
      ) : active ? (
        <p className="calendar-feed__on">
          <Trans>
            Your calendar feed is on (since {since}). For your privacy its link is shown only when it is made: to add the feed to another calendar, reset the link, and the old one
            stops working.
          </Trans>
        </p>
      ) : null}

      <div className="calendar-feed__actions">
        {active ? (
          <>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => make(true)}>
              <Trans>Reset link</Trans>
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={turnOff}>
              <Trans>Turn off</Trans>
            </button>
          </>
        ) : (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => make(false)}>
            <Trans>Create my calendar feed</Trans>
          </button>
        )}
      </div>
      <div role="status">{outcome?.ok && <p className="form__success">{outcome.text}</p>}</div>
      {outcome?.ok === false && (
        <p className="form__error" role="alert">
          {outcome.text}
        </p>
      )}
    </section>
  );
}
