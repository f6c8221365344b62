import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { afterNextPaint } from '../lib/after-first-paint';
import { setUnauthorizedHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { VoyagePanelsContext } from '../components/voyage-panels';
import { createAppRouter } from './router';
import { voyagePanels } from './voyage-panels';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const created = createAppRouter(queryClient);
    setUnauthorizedHandler(() => {
      queryClient.clear();
      if (created.state.location.pathname !== '/login') void created.navigate('/login', { replace: true });
    });
    // Its own chunk, fetched after the first paint; the tracker records the page it finds when it arrives.
    void afterNextPaint()
      .then(() => import('../lib/page-views'))
      .then(({ trackPageViews }) => trackPageViews(created));
    return created;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <VoyagePanelsContext.Provider value={voyagePanels}>
        <RouterProvider router={router} />
      </VoyagePanelsContext.Provider>
    </QueryClientProvider>
  );
}
