import { BOAT, COWES, SKIPPER, givenVoyage, port, publishedVoyage, statusChanged, voyagePlan } from '../testing/voyage-fixtures';
import type { BoatRef, VoyageCommand, VoyagePlan } from './voyage.commands';
import type { Contribution, VoyageEvent } from './voyage.events';

const OTHER = 'skipper-2';
const BAD = 'Bad\u0000text';
/** The refusal's whole message, as the member reads it. */
const exactly = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const notAllowed = (label: string): RegExp => exactly(`${label} contains characters that are not allowed (control characters or broken Unicode)`);

const publish = (overrides: Partial<VoyagePlan> = {}, boat: BoatRef | null = BOAT): VoyageCommand => ({
  type: 'PublishVoyage',
  actorId: SKIPPER,
  plan: voyagePlan(overrides),
  boat,
});
const draft = (overrides: Partial<VoyagePlan> = {}): VoyageCommand => ({ type: 'SaveVoyageDraft', actorId: SKIPPER, plan: voyagePlan(overrides), boat: null });
const edit = (overrides: Partial<VoyagePlan> = {}): VoyageCommand => ({ type: 'EditVoyage', actorId: SKIPPER, plan: voyagePlan(overrides), boat: BOAT });
const paid = (overrides: Partial<Contribution> = {}): Contribution => ({ type: 'paid', amount: 50, currency: 'GBP', details: '', ...overrides });
const decided = (command: VoyageCommand, given: VoyageEvent[] = []): VoyageEvent[] => givenVoyage(given).when(command).events();

describe('Voyage refusals', () => {
  describe('publishing: the form checks the plan before the boat, in the order it shows its messages', () => {
    it.each([0, 21, 2.5])('refuses %s crew needed before asking for a boat', (crewNeeded) => {
      givenVoyage().when(publish({ crewNeeded }, null)).thenThrows('validation', 'CREW_NEEDED_RANGE', exactly('Crew needed must be between 1 and 20'));
    });

    it('refuses a port off the globe before asking for a boat', () => {
      givenVoyage()
        .when(publish({ stops: [COWES, port('Nowhere', 181, 0)] }, null))
        .thenThrows('validation', 'PORTS_INVALID', exactly('Please select valid ports from the dropdown suggestions'));
    });

    it('accepts a title of exactly five characters', () => {
      expect(decided(publish({ title: 'Sails' }))).toHaveLength(1);
    });

    it('needs a custom voyage to say where it leaves from, where it goes and how far', () => {
      givenVoyage()
        .when(publish({ isCustom: true, stops: [], custom: null }))
        .thenThrows('validation', 'DEPARTURE_LOCATION_REQUIRED', exactly('Departure location is required'));
      givenVoyage()
        .when(publish({ isCustom: true, stops: [], custom: { departure: '   ', destination: 'Lymington', distanceNm: 8 } }))
        .thenThrows('validation', 'DEPARTURE_LOCATION_REQUIRED', exactly('Departure location is required'));
      givenVoyage()
        .when(publish({ isCustom: true, stops: [], custom: { departure: 'Yarmouth', destination: 'Lymington', distanceNm: null } }))
        .thenThrows('validation', 'DISTANCE_NOT_POSITIVE', exactly('Distance must be greater than 0'));
    });

    it('asks for a boat of the skipper that is active, saying which is wrong', () => {
      givenVoyage()
        .when(publish({}, { ...BOAT, ownerId: OTHER }))
        .thenThrows('forbidden', 'BOAT_NOT_YOURS', exactly('You can only choose one of your own boats'));
      givenVoyage()
        .when(publish({}, { ...BOAT, isActive: false }))
        .thenThrows('validation', 'BOAT_INACTIVE', exactly('The selected boat is not active'));
    });

    it('keeps the title, description and notes without surrounding spaces', () => {
      givenVoyage()
        .when(publish({ title: '  Channel hop  ', description: ' Three legs. ', customNotes: '\tBring oilskins\n' }))
        .thenMatches([{ type: 'VoyagePublished', data: { details: { title: 'Channel hop', description: 'Three legs.', customNotes: 'Bring oilskins' } } }]);
    });
  });

  describe('editing: nothing is required again, but the route must still be valid', () => {
    it('refuses a catalogue route with fewer than two ports as invalid ports', () => {
      for (const stops of [[], [COWES]]) {
        givenVoyage([publishedVoyage()]).when(edit({ stops })).thenThrows('validation', 'PORTS_INVALID', exactly('Please select valid ports from the dropdown suggestions'));
      }
    });

    it('lets a custom voyage lose its locations and distance, falling back to the defaults', () => {
      const custom = { departure: 'Yarmouth', destination: 'Lymington', distanceNm: 8 };
      givenVoyage([publishedVoyage({ isCustom: true, stops: [], custom })])
        .when(edit({ isCustom: true, stops: [], custom: { departure: '', destination: ' ', distanceNm: null } }))
        .thenMatches([
          {
            type: 'VoyageRouteChanged',
            data: { totalDistanceNm: 100, segments: [{ departure: { name: 'Unknown Departure' }, arrival: { name: 'Unknown Destination' }, distanceManualOverride: false }] },
          },
        ]);
    });
  });

  describe('values a draft holds', () => {
    it('checks the custom distance kept on a catalogue route as a stored value only', () => {
      for (const distanceNm of [0, null]) {
        expect(decided(draft({ custom: { departure: 'Yarmouth', destination: 'Lymington', distanceNm } }))).toHaveLength(1);
      }
      givenVoyage()
        .when(draft({ custom: { departure: 'Yarmouth', destination: 'Lymington', distanceNm: -1 } }))
        .thenThrows('validation', 'DISTANCE_NOT_POSITIVE', exactly('Distance must be greater than 0'));
      givenVoyage()
        .when(draft({ custom: { departure: 'Yarmouth', destination: 'Lymington', distanceNm: 50_001 } }))
        .thenThrows('validation', 'DISTANCE_TOO_LARGE', exactly('Distance seems unreasonably large (max 50,000 nm)'));
    });

    it("refuses a custom voyage's distance that is no finite number as not a positive distance", () => {
      givenVoyage()
        .when(draft({ isCustom: true, stops: [], custom: { departure: 'Yarmouth', destination: 'Lymington', distanceNm: Number.POSITIVE_INFINITY } }))
        .thenThrows('validation', 'DISTANCE_NOT_POSITIVE', exactly('Distance must be greater than 0'));
    });

    it('saves a custom draft with no locations yet, and a catalogue stop not yet placed on the map', () => {
      expect(decided(draft({ isCustom: true, stops: [], custom: null }))).toHaveLength(1);
      expect(decided(draft({ stops: [COWES, { name: 'Somewhere', portId: null, coordinates: null }] }))).toHaveLength(1);
    });

    it('refuses a date that is missing altogether, not even left blank', () => {
      givenVoyage()
        .when(draft({ startDate: undefined as never }))
        .thenThrows('validation', 'DATE_INVALID', exactly('Use a real calendar date between 2000 and 2100'));
      givenVoyage()
        .when(draft({ endDate: null as never }))
        .thenThrows('validation', 'DATE_INVALID', exactly('Use a real calendar date between 2000 and 2100'));
    });

    it('keeps a draft without a boat as having none', () => {
      givenVoyage()
        .when(draft())
        .thenMatches([{ type: 'VoyageDraftSaved', data: { details: { boatId: '' } } }]);
    });

    it('holds up to 8 skills and 30 legs', () => {
      expect(decided(draft({ skills: Array.from({ length: 8 }, (_, i) => `Skill ${i}`) }))).toHaveLength(1);
      givenVoyage()
        .when(draft({ skills: Array.from({ length: 9 }, (_, i) => `Skill ${i}`) }))
        .thenThrows('validation', 'TOO_MANY_SKILLS', exactly('At most 8 skills'));
      const stops = (count: number) => Array.from({ length: count }, (_, i) => port(`Port ${i}`, -5 + i * 0.1, 50));
      expect(decided(draft({ stops: stops(31) }))).toHaveLength(1);
      givenVoyage()
        .when(draft({ stops: stops(32) }))
        .thenThrows('validation', 'TOO_MANY_LEGS', exactly('At most 30 legs'));
    });

    it('names the field whose text holds characters that are not allowed', () => {
      givenVoyage()
        .when(draft({ description: BAD }))
        .thenThrows('validation', 'DESCRIPTION_INVALID', notAllowed('Description'));
      givenVoyage()
        .when(draft({ customNotes: BAD }))
        .thenThrows('validation', 'CUSTOM_NOTES_INVALID', notAllowed('Custom voyage notes'));
      givenVoyage()
        .when(draft({ skills: [BAD] }))
        .thenThrows('validation', 'SKILL_INVALID', notAllowed('A skill'));
      givenVoyage()
        .when(draft({ stops: [COWES, port(BAD, -2, 49)] }))
        .thenThrows('validation', 'PORTS_INVALID', notAllowed('A port name'));
      givenVoyage()
        .when(draft({ contribution: paid({ details: BAD }) }))
        .thenThrows('validation', 'TEXT_INVALID', notAllowed('Contribution details'));
      givenVoyage()
        .when(draft({ isCustom: true, stops: [], custom: { departure: BAD, destination: 'Lymington', distanceNm: 8 } }))
        .thenThrows('validation', 'DEPARTURE_LOCATION_INVALID', notAllowed('Departure location'));
      givenVoyage()
        .when(draft({ isCustom: true, stops: [], custom: { departure: 'Yarmouth', destination: BAD, distanceNm: 8 } }))
        .thenThrows('validation', 'DESTINATION_LOCATION_INVALID', notAllowed('Destination location'));
      givenVoyage([publishedVoyage()]).when({ type: 'CancelVoyage', actorId: SKIPPER, reason: BAD }).thenThrows('validation', 'REASON_INVALID', notAllowed('The reason'));
    });

    it('says which lists a value must come from', () => {
      givenVoyage()
        .when(draft({ minExperience: 'pirate' as never }))
        .thenThrows('validation', 'EXPERIENCE_INVALID', exactly('Minimum experience must be beginner, intermediate, advanced or expert'));
      givenVoyage()
        .when(draft({ contribution: paid({ type: 'barter' as never }) }))
        .thenThrows('validation', 'CONTRIBUTION_TYPE_INVALID', exactly('Contribution type must be free, shared_costs or paid'));
      givenVoyage()
        .when(draft({ contribution: paid({ currency: 'BTC' as never }) }))
        .thenThrows('validation', 'CURRENCY_INVALID', exactly('Currency must be USD, EUR or GBP'));
      givenVoyage([publishedVoyage()])
        .when({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'sunk' as never })
        .thenThrows('validation', 'STATUS_INVALID', exactly('Status must be one of planning, active, full, in_progress, completed, cancelled'));
    });
  });

  describe('contribution amounts', () => {
    it('asks anything from nothing to 1,000,000', () => {
      for (const amount of [0, 1_000_000]) {
        givenVoyage()
          .when(draft({ contribution: paid({ amount }) }))
          .thenMatches([{ type: 'VoyageDraftSaved', data: { contribution: { amount } } }]);
      }
      givenVoyage()
        .when(draft({ contribution: paid({ amount: 1_000_000.01 }) }))
        .thenThrows('validation', 'CONTRIBUTION_TOO_LARGE', exactly('Contribution amount must be at most 1,000,000'));
    });

    it.each([Number.NaN, Number.POSITIVE_INFINITY, -0.01])('refuses %s as an amount that is not a sum of money', (amount) => {
      givenVoyage()
        .when(draft({ contribution: paid({ amount }) }))
        .thenThrows('validation', 'CONTRIBUTION_NEGATIVE', exactly('Contribution amount cannot be negative'));
    });
  });

  describe('which voyage, and in which state', () => {
    it('answers "not found" for a voyage that does not exist or was deleted', () => {
      givenVoyage().when(edit()).thenThrows('not_found', 'VOYAGE_NOT_FOUND', exactly('Voyage not found'));
      const deleted: VoyageEvent = { type: 'VoyageDeleted', data: { skipperId: SKIPPER, reason: 'Spam', because: 'admin' } };
      givenVoyage([publishedVoyage(), deleted]).when(edit()).thenThrows('not_found', 'VOYAGE_NOT_FOUND', exactly('Voyage not found'));
    });

    it('answers "not found" for a stream that holds a status but no voyage', () => {
      givenVoyage([statusChanged('planning', 'active')])
        .when(edit())
        .thenThrows('not_found', 'VOYAGE_NOT_FOUND', exactly('Voyage not found'));
    });

    it('saves a draft again over the draft before it', () => {
      givenVoyage(decided(draft()))
        .when(draft({ title: 'Channel hop, second thoughts' }))
        .thenMatches([{ type: 'VoyageDraftSaved', data: { details: { title: 'Channel hop, second thoughts' } } }]);
    });

    it('keeps a published voyage from being saved as a draft or published again', () => {
      givenVoyage([publishedVoyage()]).when(draft()).thenThrows('conflict', 'ALREADY_PUBLISHED', exactly('This voyage is already published; edit it instead'));
      givenVoyage([publishedVoyage()]).when(publish()).thenThrows('conflict', 'ALREADY_PUBLISHED', exactly('This voyage is already published'));
    });

    it('edits a voyage only while planning, active or full', () => {
      givenVoyage([publishedVoyage(), { type: 'VoyageStatusChanged', data: { status: 'in_progress', previous: 'active' } }])
        .when(edit({ title: 'Channel hop again' }))
        .thenThrows('conflict', 'VOYAGE_NOT_EDITABLE', exactly('A voyage can be edited only while planning or active'));
    });

    it('tells the skipper of a draft to publish or delete it instead', () => {
      const saved = decided(draft());
      givenVoyage(saved)
        .when({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'active' })
        .thenThrows('conflict', 'VOYAGE_IS_DRAFT', exactly('Publish the voyage before changing its status'));
      givenVoyage(saved)
        .when({ type: 'CancelVoyage', actorId: SKIPPER, reason: 'Weather' })
        .thenThrows('conflict', 'VOYAGE_IS_DRAFT', exactly('A draft cannot be cancelled; delete it instead'));
    });
  });
});
