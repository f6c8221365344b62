import { lazy } from 'react';
import type { ProfilePanels } from '../components/profile-panels';

/** The calendar feature's section of the profile page, loaded when its tab opens. */
export const profilePanels: ProfilePanels = {
  CalendarFeed: lazy(() => import('../features/calendar/components/CalendarFeedSection').then((module) => ({ default: module.CalendarFeedSection }))),
};
