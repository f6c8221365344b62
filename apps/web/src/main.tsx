import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startI18n } from './i18n/i18n';
import { App } from './app/App';
import { preloadFirstPage } from './app/router';
import { afterNextPaint } from './lib/after-first-paint';
import { provideOfflineParts } from './lib/offline-hooks';
import { createQueryClient } from './lib/query-client';
import { startFreshLoadsAtTop } from './lib/scroll-restoration';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
startI18n();
startFreshLoadsAtTop();
// The member's voyages kept on the device answer when the network does not (docs/features/offline.md): fetched only then.
provideOfflineParts(() => import('./features/offline/device').then((module) => module.offlineParts));
const queryClient = createQueryClient();
const OFFLINE_START_DELAY_MS = 1000;
// The first page's chunk (and a guest's voyage) is fetched before the first render, so the page draws whole.
void preloadFirstPage(window.location, queryClient).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  void afterNextPaint().then(startOfflineLater);
});

/**
 * The service worker, the device's copies and the outbox start in an idle moment once the page has loaded and
 * its first screen has had a second to draw: their code (about 16 KB) then never shares a phone's bandwidth with
 * what the first screen shows. A page whose code arrives before its data (a voyage's page) fires `load` before
 * its text is drawn, so `load` alone came too early.
 */
function startOfflineLater(): void {
  const start = () => {
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    window.setTimeout(() => whenIdle(() => void import('./features/offline/start').then((module) => module.startOffline(queryClient))), OFFLINE_START_DELAY_MS);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
