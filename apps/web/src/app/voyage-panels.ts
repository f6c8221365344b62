import { lazy } from 'react';
import type { VoyagePanels } from '../components/voyage-panels';

/** The trust, reviews and offline features' panels on a voyage's page, each loaded when the page shows it. */
export const voyagePanels: VoyagePanels = {
  Trust: lazy(() => import('../features/trust/components/VoyageTrustPanel').then((module) => ({ default: module.VoyageTrustPanel }))),
  Reviews: lazy(() => import('../features/reviews/components/VoyageReviewsPanel').then((module) => ({ default: module.VoyageReviewsPanel }))),
  Offline: lazy(() => import('../features/offline/components/OfflineVoyagePanel').then((module) => ({ default: module.OfflineVoyagePanel }))),
};
