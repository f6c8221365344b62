import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startI18n } from './i18n/i18n';
import { App } from './app/App';
import { preloadFirstPage } from './app/router';
import { createQueryClient } from './lib/query-client';
import { startFreshLoadsAtTop } from './lib/scroll-restoration';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
startI18n();
startFreshLoadsAtTop();
const queryClient = createQueryClient();
// The first page's chunk (and a guest's voyage) is fetched before the first render, so the page draws whole.
void preloadFirstPage(window.location, queryClient).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);
