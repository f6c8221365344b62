import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate, formatDateTime } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { useStoredVoyages } from '../stored-voyages';
import '../offline.css';

/** Only a path of this site is offered to try again (the service worker writes it; anyone could write another). */
const sitePath = (value: string | null): string | null => (value && value.startsWith('/') && !value.startsWith('//') ? value : null);

const useOnline = (): boolean => {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
};

/**
 * Where the service worker sends a page that could not be reached and is not kept on this device
 * (docs/features/offline.md): says so, offers to try again, and lists the member's voyages that are kept.
 */
export function OfflinePage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const from = sitePath(params.get('from'));
  const online = useOnline();
  const { token } = useSession();
  const voyages = useStoredVoyages();
  usePageMeta(t`You are offline`, t`This page is not saved on this device.`);
  return (
    <div className="page page--narrow offline-page">
      <h1>{online ? t`You are back online` : t`You are offline`}</h1>
      <p>
        {online ? (
          <Trans>The connection is back: the page you asked for can open now.</Trans>
        ) : (
          <Trans>This page is not saved on this device, so it cannot open without a connection. Pages you have opened before, and your voyages sailing soon, still open.</Trans>
        )}
      </p>
      {from && (
        <p>
          {/* A full load: the service worker answers it, from the network when there is one. */}
          <a className="button button--primary" href={from}>
            <Trans>Try again</Trans>
          </a>
        </p>
      )}
      {token && voyages && voyages.length > 0 && (
        <section className="card detail-card" aria-labelledby="offline-voyages-heading">
          <h2 id="offline-voyages-heading">
            <Trans>Your voyages saved on this device</Trans>
          </h2>
          <ul className="offline-page__voyages">
            {voyages.map((voyage) => {
              const departs = formatDate(voyage.startDate);
              const updated = formatDateTime(voyage.savedAt);
              return (
                <li key={voyage.id}>
                  <Link to={`/voyages/${encodeURIComponent(voyage.id)}`}>{voyage.title}</Link>{' '}
                  <span className="muted">
                    <Trans>
                      departs {departs}, last updated {updated}
                    </Trans>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
