import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams, Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useUnsubscribe } from '../../../api/help';

/**
 * What a failed unsubscribe says: the server's own sentence about the link
 * (plain words, never a field name), otherwise a sentence of ours.
 */
const failureText = (error: Error): string =>
  error instanceof ApiError && error.code === 'INVALID_UNSUBSCRIBE_LINK'
    ? error.message
    : t`We could not unsubscribe you just now. Please try again, or sign in and turn news mail off in your profile.`;

/** The page an email's unsubscribe link opens: one button, so a link scanner fetching it changes nothing. */
export function UnsubscribePage() {
  const { t } = useLingui();
  const title = t`Unsubscribe`;
  usePageMeta(title, t`Stop news and campaign mail from Crew Finder.`);
  const [params] = useSearchParams();
  const user = params.get('user') ?? '';
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  return (
    <div className="page">
      <PageHeader title={title} lead={t`Stop news and campaign mail from Crew Finder. Mail about your account, applications and voyages still arrives.`} />
      {unsubscribe.isSuccess ? (
        <p role="status">{unsubscribe.data.message}</p>
      ) : (
        <div className="card">
          {!user || !token ? (
            <p role="alert">
              <Trans>This unsubscribe link is incomplete. Sign in and turn news mail off in your profile instead.</Trans>
            </p>
          ) : (
            <button type="button" className="button button--primary" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ user, token })}>
              {unsubscribe.isPending ? t`Unsubscribing…` : t`Unsubscribe from campaign mail`}
            </button>
          )}
          {unsubscribe.isError && <p role="alert">{failureText(unsubscribe.error)}</p>}
        </div>
      )}
      <p>
        <Trans>
          You can turn news mail back on at any time in your <Link to="/profile">profile</Link>.
        </Trans>
      </p>
    </div>
  );
}
