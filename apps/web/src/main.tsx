import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startI18n } from './i18n/i18n';
import { App } from './app/App';
import { preloadFirstPage } from './app/router';
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
// The first page's chunk (and a guest's voyage) is fetched before the first render, so the page draws whole.
void preloadFirstPage(window.location, queryClient).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);

// The service worker, the device's copies and the outbox start once the page has loaded, in an idle moment: nothing
// of them comes before the first paint.
const startOffline = () => {
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  whenIdle(() => void import('./features/offline/start').then((module) => module.startOffline(queryClient)));
};
if (document.readyState === 'complete') startOffline();
else window.addEventListener('load', startOffline, { once: true });
