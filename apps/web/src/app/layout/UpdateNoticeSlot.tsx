import { lazy, Suspense } from 'react';
import { useUpdateReady } from '../../lib/offline-hooks';

// The notice is its own chunk, fetched only when a new version is waiting.
const UpdateNotice = lazy(() => import('../../features/offline/components/UpdateNotice').then((module) => ({ default: module.UpdateNotice })));

/** "A new version is ready — Reload", once the service worker has one waiting (docs/features/offline.md). */
export function UpdateNoticeSlot() {
  const apply = useUpdateReady();
  if (!apply) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotice onReload={apply} />
    </Suspense>
  );
}
