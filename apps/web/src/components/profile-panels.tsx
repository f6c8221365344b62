import { createContext, useContext, type ComponentType } from 'react';

/**
 * The sections other features add to the member's profile page, as
 * voyage-panels.tsx does for a voyage's page: the profile names where they
 * go, the app layer says what they are (src/app/profile-panels.ts), so the
 * profile feature imports no other feature and each section loads when shown.
 */
export interface ProfilePanels {
  /** The private calendar feed of the member's voyages (the calendar feature). */
  readonly CalendarFeed: ComponentType;
}

const NONE: ProfilePanels = { CalendarFeed: () => null };

export const ProfilePanelsContext = createContext<ProfilePanels>(NONE);

export const useProfilePanels = (): ProfilePanels => useContext(ProfilePanelsContext);
