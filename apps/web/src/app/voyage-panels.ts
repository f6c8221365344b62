import { lazy } from 'react';
import type { VoyagePanels } from '../components/voyage-panels';

/** The trust and reviews features' panels on a voyage's page, each loaded when the page shows it. */
export const voyagePanels: VoyagePanels = {
  Trust: lazy(() => import('../features/trust/components/VoyageTrustPanel').then((module) => ({ default: module.VoyageTrustPanel }))),
  Reviews: lazy(() => import('../features/reviews/components/VoyageReviewsPanel').then((module) => ({ default: module.VoyageReviewsPanel }))),
};
