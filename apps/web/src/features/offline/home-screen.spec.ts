import { describe, expect, it } from '@jest/globals';
import { shouldSuggestHomeScreen } from './home-screen';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('asking to add the app to the Home Screen', () => {
  it('asks Safari on an iPhone or an iPad, in the browser', () => {
    expect(shouldSuggestHomeScreen({ userAgent: IPHONE_SAFARI }, false)).toBe(true);
    expect(shouldSuggestHomeScreen({ userAgent: IPAD_AS_MAC, platform: 'MacIntel', maxTouchPoints: 5 }, false)).toBe(true);
  });

  it('does not ask once the app runs from the Home Screen', () => {
    expect(shouldSuggestHomeScreen({ userAgent: IPHONE_SAFARI, standalone: true }, false)).toBe(false);
    expect(shouldSuggestHomeScreen({ userAgent: IPHONE_SAFARI }, true)).toBe(false);
  });

  it('does not ask other browsers, a Mac or Android', () => {
    expect(shouldSuggestHomeScreen({ userAgent: IPHONE_CHROME }, false)).toBe(false);
    expect(shouldSuggestHomeScreen({ userAgent: IPAD_AS_MAC, platform: 'MacIntel', maxTouchPoints: 0 }, false)).toBe(false);
    expect(shouldSuggestHomeScreen({ userAgent: ANDROID }, false)).toBe(false);
  });
});
