import { useSearchParams, Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageMeta } from '../../../lib/page-meta';
import { useUnsubscribe } from '../api/help-api';

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
          {unsubscribe.isError && <p role="alert">{unsubscribe.error.message}</p>}
        </div>
      )}
      <p>
        You can turn news mail back on at any time in your <Link to="/profile">profile</Link>.
      </p>
    </div>
  );
}
