import { lazy, Suspense, useEffect, useState } from 'react';
import { BANNER_DELAY_MS, readConsent } from '../../lib/cookie-consent';

// The banner and its switches are a chunk of their own, fetched when the banner is due: nothing of it
// competes with the page's own first paint.
const CookieBanner = lazy(() => import('./CookieBanner').then((module) => ({ default: module.CookieBanner })));

/**
 * Where the cookie banner appears: one second after a first visit (no stored
 * choice), or at once when reopened from the footer.
 */
export function CookieBannerSlot({ reopened, onClose }: { reopened: boolean; onClose: () => void }) {
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (readConsent()) return undefined;
    const timer = window.setTimeout(() => setDue(true), BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!due && !reopened) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner
        reopened={reopened}
        onClose={() => {
          setDue(false);
          onClose();
        }}
      />
    </Suspense>
  );
}
