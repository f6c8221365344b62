/*
 * Safari on iOS and iPadOS deletes a site's stored data after 7 days without a visit, unless the site was added to
 * the Home Screen: a member about to sail is asked to add it (docs/features/offline.md). Once added and opened from
 * there, the app runs standalone and the notice no longer shows.
 */

interface NavigatorLike {
  readonly userAgent: string;
  readonly maxTouchPoints?: number;
  readonly platform?: string;
  /** Safari's own flag for a Home Screen app. */
  readonly standalone?: boolean;
}

/** iPhone, iPad (which reports itself as a Mac with a touch screen) or iPod. */
export const isAppleMobile = (nav: NavigatorLike): boolean => /\b(iPhone|iPad|iPod)\b/.test(nav.userAgent) || (nav.platform === 'MacIntel' && (nav.maxTouchPoints ?? 0) > 1);

/** Safari itself, not another browser's shell (they name themselves: CriOS, FxiOS, EdgiOS…). */
export const isSafari = (nav: NavigatorLike): boolean => /Safari\//.test(nav.userAgent) && !/(CriOS|FxiOS|EdgiOS|OPiOS|GSA|DuckDuckGo)\//.test(nav.userAgent);

/** Whether to ask the member to add the app to the Home Screen before sailing. */
export function shouldSuggestHomeScreen(nav: NavigatorLike, standaloneDisplay: boolean): boolean {
  return isAppleMobile(nav) && isSafari(nav) && nav.standalone !== true && !standaloneDisplay;
}

const DISMISSED_KEY = 'crew.home_screen_notice_dismissed';

export const homeScreenNoticeDismissed = (): boolean => {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
};

export const dismissHomeScreenNotice = (): void => {
  try {
    window.localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Private browsing may refuse storage: the notice simply shows again next time.
  }
};
