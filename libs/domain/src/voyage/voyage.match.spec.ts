import { OFFSHORE_LEG_NM, experienceLevelOf, hasOffshoreExperience, matchScore, ownedSkillsOf, type CrewProfileForMatch, type MatchRequirements } from './voyage.match';

const crew = (overrides: Partial<CrewProfileForMatch> = {}): CrewProfileForMatch => ({
  yearsSailing: 0,
  sailingAreas: [],
  experienceTypes: [],
  certifications: [],
  skills: [],
  ...overrides,
});
const coastal = (overrides: Partial<MatchRequirements> = {}): MatchRequirements => ({ skills: [], minExperience: 'beginner', longestLegNm: 20, ...overrides });

describe('experience level from years of sailing', () => {
  it.each([
    [0, 'beginner'],
    [1, 'beginner'],
    [2, 'intermediate'],
    [4, 'intermediate'],
    [5, 'advanced'],
    [9, 'advanced'],
    [10, 'expert'],
    [40, 'expert'],
  ])('%i years is %s', (years, level) => {
    expect(experienceLevelOf(years)).toBe(level);
  });

  it('scores each level against the minimum it reaches exactly (10 years is expert)', () => {
    expect(matchScore(coastal({ minExperience: 'expert' }), crew({ yearsSailing: 10 })).reasons[1]).toBe('10 years sailing ≥ expert');
    expect(matchScore(coastal({ minExperience: 'expert' }), crew({ yearsSailing: 9 })).score).toBe(Math.round(50 + 35 / 2 + 15));
  });

  it('counts whole years only, and never fewer than none', () => {
    expect(matchScore(coastal({ minExperience: 'intermediate' }), crew({ yearsSailing: 1.9 })).reasons[1]).toBe(
      '1 year sailing, a little under the intermediate level this voyage asks for',
    );
    expect(matchScore(coastal(), crew({ yearsSailing: -3 })).reasons[1]).toBe('0 years sailing ≥ beginner');
  });
});

describe('offshore experience', () => {
  it.each([
    ['an offshore sailing area, however written', crew({ sailingAreas: ['  Ocean-Crossing! '] })],
    ['the North Atlantic', crew({ sailingAreas: ['North Atlantic'] })],
    ['waters named with any punctuation and spacing between the words', crew({ sailingAreas: ['North -- Atlantic'] })],
    ['deliveries among the skills', crew({ skills: ['delivery_experience'] })],
    ['offshore passages among the skills', crew({ skills: ['offshore_passages'] })],
    ['an ocean crossing among the skills', crew({ skills: ['ocean_crossing'] })],
    ['deliveries among the experience', crew({ experienceTypes: ['Delivery'] })],
  ])('is shown by %s', (_label, profile) => {
    expect(hasOffshoreExperience(profile)).toBe(true);
  });

  it('is not shown by coastal areas, other skills or other experience', () => {
    expect(hasOffshoreExperience(crew({ sailingAreas: ['Solent', 'offshore racing'], skills: ['navigation'], experienceTypes: ['racing'] }))).toBe(false);
  });

  it(`counts only from a leg of ${OFFSHORE_LEG_NM} nm`, () => {
    const inshore = matchScore(coastal({ longestLegNm: OFFSHORE_LEG_NM - 1 }), crew());
    expect(inshore).toEqual({ score: 100, reasons: ['no particular skills asked for', '0 years sailing ≥ beginner'], advice: [], missingSkills: [] });
    const offshore = matchScore(coastal({ longestLegNm: OFFSHORE_LEG_NM }), crew());
    expect(offshore.score).toBe(85);
    expect(offshore.reasons[2]).toBe('no offshore experience, which this voyage asks for');
    expect(matchScore(coastal({ longestLegNm: OFFSHORE_LEG_NM }), crew({ sailingAreas: ['Pacific'] })).reasons[2]).toBe(`offshore experience for a ${OFFSHORE_LEG_NM} nm passage`);
  });
});

describe('required skills', () => {
  it('weighs each skill held equally and rounds the score', () => {
    const result = matchScore(coastal({ skills: ['navigation', 'first_aid', 'vhf_radio'] }), crew({ skills: ['first_aid'] }));
    expect(result.score).toBe(67);
    expect(result.reasons[0]).toBe('has 1 of 3 required skills (missing Navigation, VHF Radio)');
    expect(result.advice).toEqual(['Add Navigation and VHF Radio to your skills to raise your match']);
  });

  it('names three missing skills at most in the reason, all of them in the advice', () => {
    const three = matchScore(coastal({ skills: ['navigation', 'first_aid', 'vhf_radio'] }), crew());
    expect(three.reasons[0]).toBe('has 0 of 3 required skills (missing Navigation, First Aid, VHF Radio)');
    const four = matchScore(coastal({ skills: ['navigation', 'first_aid', 'vhf_radio', 'radar_operation'] }), crew());
    expect(four.reasons[0]).toBe('has 0 of 4 required skills (missing Navigation, First Aid, VHF Radio…)');
    expect(four.missingSkills).toEqual(['Navigation', 'First Aid', 'VHF Radio', 'Radar Operation']);
    expect(four.score).toBe(50);
  });

  it('reads the profile’s skills once as taxonomy keys', () => {
    expect([...ownedSkillsOf(['Navigation', 'nav', 'Ukulele'])]).toEqual(['navigation']);
  });
});
