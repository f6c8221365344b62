import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useUnsubscribeAlert } from '../../../api/saved-searches';

/** What a failed unsubscribe says: the server's sentence about the link, otherwise one of ours. */
const failureText = (error: Error): string =>
  error instanceof ApiError && error.code === 'INVALID_ALERT_LINK' && error.message
    ? error.message
    : t`We could not turn this alert off just now. Please try again, or sign in and turn it off on your saved searches.`;

/**
 * /saved-searches/unsubscribe?search=…&token=…: an alert mail's one-click
 * unsubscribe. The signed link is the proof, so no sign-in is needed: the
 * page turns that search's alert off as it opens and says so.
 */
export function UnsubscribeAlertPage() {
  const { t: translate } = useLingui();
  const title = translate`Stop this alert`;
  usePageMeta(title, translate`Turn off the email alert of one saved search.`);
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  const token = params.get('token') ?? '';
  const complete = search !== '' && token !== '';
  const unsubscribe = useUnsubscribeAlert();
  const { mutate } = unsubscribe;
  // Once per link, even when React runs the effect twice.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const link = `${search}:${token}`;
    if (!complete || sent.current === link) return;
    sent.current = link;
    mutate({ search, token });
  }, [complete, mutate, search, token]);

  return (
    <div className="page page--narrow">
      <PageHeader title={title} />
      <div className="card">
        {!complete ? (
          <p role="alert">
            <Trans>This unsubscribe link is incomplete. Sign in and turn the alert off on your saved searches instead.</Trans>
          </p>
        ) : unsubscribe.isSuccess ? (
          <p role="status">{unsubscribe.data.message}</p>
        ) : unsubscribe.isError ? (
          <>
            <p role="alert">{failureText(unsubscribe.error)}</p>
            {!(unsubscribe.error instanceof ApiError && unsubscribe.error.code === 'INVALID_ALERT_LINK') && (
              <button type="button" className="button button--secondary" onClick={() => mutate({ search, token })}>
                <Trans>Try again</Trans>
              </button>
            )}
          </>
        ) : (
          <LoadingState label={translate`Turning the alert off…`} />
        )}
      </div>
      <p>
        <Trans>
          <Link to="/saved-searches">Manage all your alerts</Link> on your saved searches (you may be asked to sign in).
        </Trans>
      </p>
    </div>
  );
}
