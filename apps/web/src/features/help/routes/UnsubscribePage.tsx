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
    : 'We could not unsubscribe you just now. Please try again, or sign in and turn news mail off in your profile.';

/** The page an email's unsubscribe link opens: one button, so a link scanner fetching it changes nothing. */
export function UnsubscribePage() {
  usePageMeta('Unsubscribe', 'Stop news and campaign mail from Crew Finder.');
  const [params] = useSearchParams();
  const user = params.get('user') ?? '';
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  return (
    <div className="page">
      <PageHeader title="Unsubscribe" lead="Stop news and campaign mail from Crew Finder. Mail about your account, applications and voyages still arrives." />
      {unsubscribe.isSuccess ? (
        <p role="status">{unsubscribe.data.message}</p>
      ) : (
        <div className="card">
          {!user || !token ? (
            <p role="alert">This unsubscribe link is incomplete. Sign in and turn news mail off in your profile instead.</p>
          ) : (
            <button type="button" className="button button--primary" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ user, token })}>
              {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe from campaign mail'}
            </button>
          )}
          {unsubscribe.isError && <p role="alert">{failureText(unsubscribe.error)}</p>}
        </div>
      )}
      <p>
        You can turn news mail back on at any time in your <Link to="/profile">profile</Link>.
      </p>
    </div>
  );
}
