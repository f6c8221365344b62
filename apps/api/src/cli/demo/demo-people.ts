import type { BoatRequest, CrewExpectations, CrewSkills, EmergencyContact, SailingExperience } from '@crew/contracts';
import type { BoatRig } from './boat-drawing';

/*
 * The demo's people and boats: invented, but as a crew-finding site would
 * see them. Every address is at the reserved .example domain, so no mail to
 * a demo account can reach anyone.
 */

export const DEMO_EMAIL_DOMAIN = 'crewfinder.example';
/** One documented password for every demo account (docs/demo-data.md). */
export const DEMO_PASSWORD = 'sail-the-demo';

export interface DemoBoat {
  readonly key: string;
  readonly request: Omit<BoatRequest, 'is_active'>;
  readonly drawing: { readonly rig: BoatRig; readonly hull: string; readonly sails: string; readonly accent: string; readonly sky: 'day' | 'dawn' | 'dusk' };
}

export interface DemoPerson {
  readonly key: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly userType: 'skipper' | 'crew' | 'both';
  readonly phone: string;
  readonly experience: SailingExperience;
  readonly emergency: EmergencyContact | null;
  readonly skills?: Partial<CrewSkills>;
  readonly expectations?: Partial<CrewExpectations>;
  readonly boats?: readonly DemoBoat[];
}

type Equipment = NonNullable<BoatRequest['equipment']>;
const OFFSHORE_KIT: Equipment = {
  safety: ['life_raft', 'epirb', 'first_aid', 'fire_extinguisher', 'life_jackets', 'flares', 'dan_buoy'],
  navigation: ['gps', 'radar', 'autopilot', 'chartplotter', 'compass', 'depth_sounder', 'wind_instruments'],
  comfort: ['heating', 'hot_water', 'generator'],
};
const COASTAL_KIT: Equipment = {
  safety: ['life_raft', 'first_aid', 'fire_extinguisher', 'life_jackets', 'flares', 'dan_buoy'],
  navigation: ['gps', 'autopilot', 'chartplotter', 'compass', 'depth_sounder'],
  comfort: ['hot_water'],
};
const WARM_WATER_KIT: Equipment = {
  safety: ['life_raft', 'epirb', 'first_aid', 'fire_extinguisher', 'life_jackets', 'flares', 'dan_buoy'],
  navigation: ['gps', 'autopilot', 'chartplotter', 'compass', 'depth_sounder', 'wind_instruments'],
  comfort: ['hot_water', 'wifi', 'air_conditioning', 'generator'],
};

const boat = (
  key: string,
  request: Omit<BoatRequest, 'is_active' | 'capacity' | 'make_model' | 'description' | 'home_port_name' | 'registration_number'> & {
    capacity: number;
    make_model: string;
    description: string;
    home_port_name: string;
    registration_number: string;
  },
  drawing: DemoBoat['drawing'],
): DemoBoat => ({ key, request, drawing });

const expect = (level: 'essential' | 'preferred' | 'welcome', details = '') => ({ level, details });

export const DEMO_SKIPPERS: readonly DemoPerson[] = [
  {
    key: 'helen',
    firstName: 'Helen',
    lastName: 'Marsh',
    userType: 'skipper',
    phone: '+44 7700 900112',
    experience: {
      years_sailing: 26,
      sailing_areas: ['Channel/North Sea', 'Coastal Waters', 'Offshore'],
      experience_types: ['overnight', 'delivery', 'instruction'],
      certifications: ['RYA Yachtmaster Offshore', 'RYA Yachtmaster Instructor', 'STCW Basic Safety'],
      informal_description:
        'Grew up racing dinghies on the Hamble and have taught sailing from Lymington for fifteen years. I like a well-run boat, a proper passage plan and a hot meal at the end of a wet watch.',
    },
    emergency: { name: 'David Marsh', relationship: 'Husband', phone: '+44 7700 900113', email: '' },
    expectations: {
      watch_system: { night_watches: expect('preferred', 'Two on, four off at night'), watch_length: expect('welcome', '3-hour watches') },
      galley: { cooking_rotation: expect('preferred', 'Everyone cooks once') },
      personal: { team_player: expect('essential') },
    },
    boats: [
      boat(
        'helen-boat',
        {
          name: 'Curlew',
          boat_type: 'monohull',
          make_model: 'Rustler 36',
          year: 2008,
          length_feet: 36,
          beam_feet: 11,
          draft_feet: 5.5,
          capacity: 5,
          berths: 6,
          heads: 1,
          home_port_name: 'Lymington',
          registration_number: 'SSR 148810',
          registration_country: 'UK',
          description: 'A long-keeled Rustler: sea-kindly, dry and solid in a Channel chop. Cutter rig with a furling staysail.',
          equipment: OFFSHORE_KIT,
        },
        { rig: 'cutter', hull: '#1f3a5f', sails: '#f6f1e4', accent: '#b33a3a', sky: 'day' },
      ),
    ],
  },
  {
    key: 'yann',
    firstName: 'Yann',
    lastName: 'Le Goff',
    userType: 'skipper',
    phone: '+33 6 12 34 56 78',
    experience: {
      years_sailing: 31,
      sailing_areas: ['Coastal Waters', 'Offshore', 'North Atlantic'],
      experience_types: ['overnight', 'racing', 'delivery'],
      certifications: ['Permis hauturier', 'Brevet de capitaine 200', 'SRC VHF'],
      informal_description:
        "Breton from Concarneau. Two Transats Jacques Vabre as co-skipper, now I cruise the Glénan, Belle-Île and the Biscay coast and take keen crew along. Tides and rocks are my daily bread: you will learn them.",
    },
    emergency: { name: 'Maëlle Le Goff', relationship: 'Sister', phone: '+33 6 98 76 54 32', email: '' },
    expectations: {
      maintenance: { sail_handling: expect('preferred'), line_handling: expect('essential') },
      experience: { offshore_experience: expect('welcome', 'Happy to teach night passages') },
      financial: { food_costs: expect('preferred', 'Food shared equally') },
    },
    boats: [
      boat(
        'yann-boat',
        {
          name: 'Kornog',
          boat_type: 'monohull',
          make_model: 'Pogo 36',
          year: 2019,
          length_feet: 36,
          beam_feet: 14,
          draft_feet: 7,
          capacity: 5,
          berths: 6,
          heads: 1,
          home_port_name: 'Concarneau',
          registration_number: 'CC 924117',
          registration_country: 'FR',
          description: 'A fast, light Pogo with twin rudders and a tiller. Surfs like a dinghy downwind; spartan below.',
          equipment: OFFSHORE_KIT,
        },
        { rig: 'sloop', hull: '#f2f2f2', sails: '#e9e4d8', accent: '#e0692e', sky: 'dawn' },
      ),
    ],
  },
  {
    key: 'marta',
    firstName: 'Marta',
    lastName: 'Jovanović',
    userType: 'skipper',
    phone: '+385 91 555 0142',
    experience: {
      years_sailing: 18,
      sailing_areas: ['Mediterranean', 'Coastal Waters'],
      experience_types: ['bareboat', 'instruction', 'day_sailing'],
      certifications: ['Croatian Boat Leader B', 'ICC', 'First Aid at Sea'],
      informal_description:
        'I skipper in the Dalmatian islands from April to October and know every konoba with a mooring buoy between Split and Dubrovnik. Relaxed, swim-stop sailing with some proper bora days thrown in.',
    },
    emergency: { name: 'Ivan Jovanović', relationship: 'Brother', phone: '+385 91 555 0198', email: '' },
    expectations: { personal: { flexibility: expect('preferred'), language_skills: expect('welcome', 'English on board') }, galley: { provisioning: expect('welcome') } },
    boats: [
      boat(
        'marta-boat',
        {
          name: 'Bura',
          boat_type: 'monohull',
          make_model: 'Beneteau Oceanis 45',
          year: 2017,
          length_feet: 45,
          beam_feet: 14.5,
          draft_feet: 7,
          capacity: 7,
          berths: 8,
          heads: 3,
          home_port_name: 'Split',
          registration_number: 'ST-2231',
          registration_country: 'other',
          description: 'Roomy Oceanis with a big cockpit table and a swim platform. Four cabins, bimini and a paddleboard.',
          equipment: WARM_WATER_KIT,
        },
        { rig: 'sloop', hull: '#ffffff', sails: '#f4f0e6', accent: '#2a7ab0', sky: 'day' },
      ),
    ],
  },
  {
    key: 'tom',
    firstName: 'Tom',
    lastName: 'Reilly',
    userType: 'skipper',
    phone: '+353 87 555 0123',
    experience: {
      years_sailing: 22,
      sailing_areas: ['North Atlantic', 'Ocean Crossing', 'Caribbean', 'Offshore'],
      experience_types: ['delivery', 'overnight'],
      certifications: ['RYA Yachtmaster Ocean', 'STCW Basic Safety', 'GMDSS GOC'],
      informal_description:
        'Professional delivery skipper out of Cork: eleven Atlantic crossings, most of them the trade-wind way. I run a tight watch system and a generous galley.',
    },
    emergency: { name: 'Siobhán Reilly', relationship: 'Partner', phone: '+353 87 555 0177', email: '' },
    expectations: {
      watch_system: { night_watches: expect('essential', 'Everyone stands a night watch'), solo_watchkeeping: expect('preferred') },
      experience: { offshore_experience: expect('preferred', 'At least one overnight passage'), minimum_experience: expect('preferred') },
      maintenance: { general_maintenance: expect('welcome') },
    },
    boats: [
      boat(
        'tom-boat',
        {
          name: 'Fastnet Light',
          boat_type: 'monohull',
          make_model: 'Hallberg-Rassy 48',
          year: 2012,
          length_feet: 48,
          beam_feet: 14.8,
          draft_feet: 7.2,
          capacity: 6,
          berths: 7,
          heads: 2,
          home_port_name: 'Crosshaven',
          registration_number: 'IRL 55871',
          registration_country: 'other',
          description: 'Blue-water Hallberg-Rassy with a centre cockpit, a fixed windscreen and a watermaker. Built for ocean miles.',
          equipment: OFFSHORE_KIT,
        },
        { rig: 'cutter', hull: '#0f2f4f', sails: '#f3efe3', accent: '#c9a227', sky: 'dusk' },
      ),
    ],
  },
  {
    key: 'ingrid',
    firstName: 'Ingrid',
    lastName: 'Solberg',
    userType: 'skipper',
    phone: '+47 412 34 567',
    experience: {
      years_sailing: 29,
      sailing_areas: ['Channel/North Sea', 'Coastal Waters', 'Offshore'],
      experience_types: ['overnight', 'day_sailing', 'delivery'],
      certifications: ['Norwegian Skipper Certificate', 'SRC VHF', 'Yachtmaster Offshore'],
      informal_description:
        'I sail the Norwegian coast from Bergen to Lofoten every summer: fjords, midnight sun and the odd gale off Stad. Warm clothes essential, sauna optional.',
    },
    emergency: { name: 'Erik Solberg', relationship: 'Brother', phone: '+47 412 98 765', email: '' },
    expectations: { personal: { flexibility: expect('essential', 'Weather decides the plan') }, maintenance: { line_handling: expect('preferred') } },
    boats: [
      boat(
        'ingrid-boat',
        {
          name: 'Nordlys',
          boat_type: 'monohull',
          make_model: 'Najad 440',
          year: 2006,
          length_feet: 44,
          beam_feet: 13.1,
          draft_feet: 6.6,
          capacity: 5,
          berths: 6,
          heads: 2,
          home_port_name: 'Bergen',
          registration_number: 'LK 9921',
          registration_country: 'other',
          description: 'A Swedish-built centre-cockpit cruiser with diesel heating and a hard dodger: made for northern waters.',
          equipment: OFFSHORE_KIT,
        },
        { rig: 'ketch', hull: '#7b1e1e', sails: '#efe8d8', accent: '#e8c547', sky: 'dawn' },
      ),
    ],
  },
  {
    key: 'rafael',
    firstName: 'Rafael',
    lastName: 'Serra',
    userType: 'skipper',
    phone: '+34 611 555 210',
    experience: {
      years_sailing: 15,
      sailing_areas: ['Mediterranean', 'Coastal Waters'],
      experience_types: ['racing', 'day_sailing', 'overnight'],
      certifications: ['Patrón de Yate', 'ICC'],
      informal_description: 'Mallorquín and a keen Copa del Rey racer. Off the race course I cruise the Balearics slowly: calas, paella and night crossings to Menorca.',
    },
    emergency: { name: 'Laura Serra', relationship: 'Wife', phone: '+34 611 555 211', email: '' },
    expectations: { galley: { cooking_rotation: expect('welcome') }, personal: { team_player: expect('preferred') } },
    boats: [
      boat(
        'rafael-cat',
        {
          name: 'Tramuntana',
          boat_type: 'catamaran',
          make_model: 'Lagoon 42',
          year: 2020,
          length_feet: 42,
          beam_feet: 25,
          draft_feet: 4.2,
          capacity: 8,
          berths: 8,
          heads: 4,
          home_port_name: 'Palma',
          registration_number: '7ª-PM-3-118-20',
          registration_country: 'ES',
          description: 'A Lagoon 42 with four double cabins, a flybridge and shallow draft for the calas.',
          equipment: WARM_WATER_KIT,
        },
        { rig: 'catamaran', hull: '#ffffff', sails: '#f5f1e6', accent: '#1a8c8c', sky: 'day' },
      ),
    ],
  },
  {
    key: 'grace',
    firstName: 'Grace',
    lastName: 'Thompson',
    userType: 'skipper',
    phone: '+1 268 555 0167',
    experience: {
      years_sailing: 20,
      sailing_areas: ['Caribbean', 'North Atlantic', 'Ocean Crossing'],
      experience_types: ['bareboat', 'delivery', 'instruction'],
      certifications: ['US Coast Guard Master 100 GT', 'ASA 108 Offshore Passagemaking'],
      informal_description:
        'Antiguan, based in English Harbour. Winters I run the Windward Islands from Martinique to Grenada; summers I take the boat north out of the hurricane belt.',
    },
    emergency: { name: 'Marcus Thompson', relationship: 'Son', phone: '+1 268 555 0190', email: '' },
    expectations: { experience: { minimum_experience: expect('welcome', 'Beginners welcome') }, personal: { flexibility: expect('preferred') } },
    boats: [
      boat(
        'grace-cat',
        {
          name: 'Island Time',
          boat_type: 'catamaran',
          make_model: 'Leopard 45',
          year: 2019,
          length_feet: 45,
          beam_feet: 24.6,
          draft_feet: 4.6,
          capacity: 8,
          berths: 8,
          heads: 4,
          home_port_name: 'English Harbour',
          registration_number: 'ANU 4412',
          registration_country: 'other',
          description: 'A Leopard 45 with a forward cockpit, a watermaker and a dinghy fit for beach landings.',
          equipment: WARM_WATER_KIT,
        },
        { rig: 'catamaran', hull: '#f7f7f2', sails: '#fbf7ec', accent: '#e2725b', sky: 'dusk' },
      ),
    ],
  },
  {
    key: 'nikos',
    firstName: 'Nikos',
    lastName: 'Papadakis',
    userType: 'skipper',
    phone: '+30 694 555 0133',
    experience: {
      years_sailing: 24,
      sailing_areas: ['Mediterranean', 'Coastal Waters', 'Offshore'],
      experience_types: ['bareboat', 'overnight', 'instruction'],
      certifications: ['Greek Skipper Licence', 'RYA Coastal Skipper', 'First Aid at Sea'],
      informal_description: 'From Syros. I know the meltemi well and plan around it: early starts, short hops, long lunches in quiet bays.',
    },
    emergency: { name: 'Eleni Papadaki', relationship: 'Sister', phone: '+30 694 555 0134', email: '' },
    expectations: { watch_system: { night_watches: expect('welcome') }, financial: { marina_fees: expect('preferred', 'Harbour dues shared') } },
    boats: [
      boat(
        'nikos-boat',
        {
          name: 'Meltemi',
          boat_type: 'monohull',
          make_model: 'Jeanneau Sun Odyssey 440',
          year: 2018,
          length_feet: 44,
          beam_feet: 13.9,
          draft_feet: 7.2,
          capacity: 7,
          berths: 8,
          heads: 2,
          home_port_name: 'Ermoupoli',
          registration_number: 'SYR 3307',
          registration_country: 'other',
          description: 'A walk-around deck, a big bimini and a cool box that never runs out of ice.',
          equipment: WARM_WATER_KIT,
        },
        { rig: 'sloop', hull: '#fdfdfd', sails: '#f2eee2', accent: '#1565c0', sky: 'day' },
      ),
    ],
  },
  {
    key: 'anna',
    firstName: 'Anna',
    lastName: 'Lindqvist',
    userType: 'skipper',
    phone: '+46 70 555 0178',
    experience: {
      years_sailing: 19,
      sailing_areas: ['Coastal Waters', 'Offshore', 'Channel/North Sea'],
      experience_types: ['day_sailing', 'overnight', 'racing'],
      certifications: ['Kustskepparintyg', 'SRC VHF'],
      informal_description:
        'Stockholm archipelago sailor: thirty thousand islands and all the pine trees you could want. I also race Gotland Runt most years.',
    },
    emergency: { name: 'Oskar Lindqvist', relationship: 'Husband', phone: '+46 70 555 0179', email: '' },
    expectations: { maintenance: { general_maintenance: expect('welcome') }, galley: { meal_planning: expect('welcome') } },
    boats: [
      boat(
        'anna-boat',
        {
          name: 'Skärgård',
          boat_type: 'monohull',
          make_model: 'Hallberg-Rassy 372',
          year: 2015,
          length_feet: 37,
          beam_feet: 12.1,
          draft_feet: 6.2,
          capacity: 5,
          berths: 6,
          heads: 1,
          home_port_name: 'Stockholm',
          registration_number: 'S-20418',
          registration_country: 'other',
          description: 'A blue-stripe Hallberg-Rassy with a windscreen, diesel heater and a bow anchor for archipelago moorings.',
          equipment: COASTAL_KIT,
        },
        { rig: 'sloop', hull: '#f8f8f8', sails: '#f1ede2', accent: '#1a4f9c', sky: 'dawn' },
      ),
    ],
  },
  {
    key: 'callum',
    firstName: 'Callum',
    lastName: 'MacLeod',
    userType: 'both',
    phone: '+44 7700 900455',
    experience: {
      years_sailing: 14,
      sailing_areas: ['Coastal Waters', 'Channel/North Sea', 'Offshore'],
      experience_types: ['day_sailing', 'overnight', 'bareboat'],
      certifications: ['RYA Day Skipper', 'RYA Coastal Skipper', 'VHF SRC'],
      informal_description:
        'Born in Stornoway. I skipper my own boat among the Hebrides and crew for others when I can: the best way to learn is on someone else’s boat.',
    },
    emergency: { name: 'Morag MacLeod', relationship: 'Mother', phone: '+44 7700 900456', email: '' },
    skills: { navigation: ['chart_plotting', 'gps_electronics'], sailing: ['reefing', 'anchoring', 'heavy_weather'], safety: ['man_overboard'] },
    expectations: { personal: { flexibility: expect('essential', 'Scottish weather') }, experience: { certifications: expect('welcome') } },
    boats: [
      boat(
        'callum-boat',
        {
          name: 'Solan',
          boat_type: 'monohull',
          make_model: 'Contessa 32',
          year: 1984,
          length_feet: 32,
          beam_feet: 9.3,
          draft_feet: 5.5,
          capacity: 3,
          berths: 4,
          heads: 1,
          home_port_name: 'Oban',
          registration_number: 'SSR 77102',
          registration_country: 'UK',
          description: 'A Contessa 32: tough, tender-hearted and fast upwind. Cosy below with a little solid-fuel stove.',
          equipment: COASTAL_KIT,
        },
        { rig: 'sloop', hull: '#244d3b', sails: '#f3eee0', accent: '#d4a017', sky: 'dusk' },
      ),
    ],
  },
  {
    key: 'keoni',
    firstName: 'Keoni',
    lastName: 'Kahale',
    userType: 'skipper',
    phone: '+1 808 555 0143',
    experience: {
      years_sailing: 27,
      sailing_areas: ['Pacific', 'Ocean Crossing', 'Offshore'],
      experience_types: ['delivery', 'overnight', 'racing'],
      certifications: ['US Coast Guard Master 50 GT', 'Offshore Emergency Medicine'],
      informal_description:
        'Raised on outrigger canoes on Oʻahu. I have crossed the Pacific five times; this season it is Panama to Tahiti by the Galápagos and the Marquesas.',
    },
    emergency: { name: 'Leilani Kahale', relationship: 'Wife', phone: '+1 808 555 0144', email: '' },
    expectations: {
      watch_system: { night_watches: expect('essential'), watch_length: expect('preferred', '4-hour watches') },
      experience: { offshore_experience: expect('essential', 'At least 500 offshore miles') },
    },
    boats: [
      boat(
        'keoni-boat',
        {
          name: 'Hōkū',
          boat_type: 'monohull',
          make_model: 'Amel Super Maramu 53',
          year: 2004,
          length_feet: 53,
          beam_feet: 15.4,
          draft_feet: 6.9,
          capacity: 6,
          berths: 6,
          heads: 2,
          home_port_name: 'Honolulu',
          registration_number: 'USCG 1168420',
          registration_country: 'US',
          description: 'A ketch-rigged Amel with electric furling everywhere, a watermaker and a freezer full of fish.',
          equipment: OFFSHORE_KIT,
        },
        { rig: 'ketch', hull: '#f4f4f0', sails: '#f0ebdd', accent: '#0d6e6e', sky: 'dusk' },
      ),
    ],
  },
  {
    key: 'sophie',
    firstName: 'Sophie',
    lastName: 'Wright',
    userType: 'both',
    phone: '+64 21 555 0159',
    experience: {
      years_sailing: 12,
      sailing_areas: ['Pacific', 'Coastal Waters', 'Offshore'],
      experience_types: ['day_sailing', 'overnight', 'racing'],
      certifications: ['Yachting NZ Coastal Skipper', 'Maritime VHF Operator'],
      informal_description:
        'Kiwi from Russell. I take my trimaran round the Bay of Islands and up to the Cavalli Islands, and I crew on bigger boats to Tonga and Fiji when the season turns.',
    },
    emergency: { name: 'James Wright', relationship: 'Father', phone: '+64 21 555 0160', email: '' },
    skills: { sailing: ['sail_trim', 'spinnaker', 'docking'], galley: ['galley_cooking'], experience: ['racing_experience', 'night_watches'] },
    expectations: { personal: { team_player: expect('preferred') }, galley: { cooking_rotation: expect('welcome') } },
    boats: [
      boat(
        'sophie-tri',
        {
          name: 'Kōtare',
          boat_type: 'trimaran',
          make_model: 'Dragonfly 32',
          year: 2016,
          length_feet: 32,
          beam_feet: 24.3,
          draft_feet: 5.6,
          capacity: 4,
          berths: 5,
          heads: 1,
          home_port_name: 'Russell',
          registration_number: 'NZL 3120',
          registration_country: 'other',
          description: 'A folding Dragonfly trimaran: 15 knots on a reach and into the shallowest anchorages.',
          equipment: COASTAL_KIT,
        },
        { rig: 'trimaran', hull: '#fafafa', sails: '#efe9da', accent: '#c2185b', sky: 'day' },
      ),
    ],
  },
];

interface CrewSeed {
  readonly key: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly userType?: 'crew' | 'both';
  readonly phone: string;
  readonly years: number;
  readonly areas: SailingExperience['sailing_areas'];
  readonly types: SailingExperience['experience_types'];
  readonly certifications: readonly string[];
  readonly about: string;
  readonly skills: Partial<CrewSkills>;
  readonly contact?: readonly [string, string, string];
}

const CREW_SEEDS: readonly CrewSeed[] = [
  { key: 'amara', firstName: 'Amara', lastName: 'Okafor', phone: '+44 7700 900201', years: 3, areas: ['Coastal Waters', 'Channel/North Sea'], types: ['day_sailing', 'overnight'], certifications: ['RYA Competent Crew'], about: 'Junior doctor in Southampton, hooked after a week on a sail-training ship. Happy on the foredeck and handy with a first-aid kit.', skills: { safety: ['first_aid', 'man_overboard'], sailing: ['reefing'] }, contact: ['Chidi Okafor', 'Brother', '+44 7700 900202'] },
  { key: 'lukas', firstName: 'Lukas', lastName: 'Brenner', phone: '+49 151 5550 1203', years: 9, areas: ['Offshore', 'Channel/North Sea', 'Coastal Waters'], types: ['racing', 'overnight'], certifications: ['SKS (Sportküstenschifferschein)', 'SRC'], about: 'Engineer from Kiel. Raced Kieler Woche for years, now looking for bigger passages. I fix engines for fun.', skills: { technical: ['diesel_engine', 'electrical_systems'], sailing: ['sail_trim', 'spinnaker'] }, contact: ['Julia Brenner', 'Partner', '+49 151 5550 1204'] },
  { key: 'chloe', firstName: 'Chloé', lastName: 'Martin', phone: '+33 6 55 50 12 05', years: 6, areas: ['Coastal Waters', 'Mediterranean'], types: ['day_sailing', 'bareboat'], certifications: ['Permis côtier', 'CRR VHF'], about: 'Graphic designer from Nantes. Loves early starts, tide tables and a good galette in port.', skills: { navigation: ['chart_plotting'], galley: ['galley_cooking', 'provisioning'] }, contact: ['Paul Martin', 'Father', '+33 6 55 50 12 06'] },
  { key: 'diego', firstName: 'Diego', lastName: 'Fernández', phone: '+34 622 555 207', years: 11, areas: ['Mediterranean', 'Ocean Crossing', 'Caribbean'], types: ['delivery', 'overnight'], certifications: ['Patrón de Yate', 'STCW Basic Safety'], about: 'Crossed the Atlantic twice on deliveries. Calm on night watch and decent with a spinnaker.', skills: { sailing: ['spinnaker', 'heavy_weather'], experience: ['ocean_crossing', 'night_watches', 'delivery_experience'] }, contact: ['Lucía Fernández', 'Sister', '+34 622 555 208'] },
  { key: 'priya', firstName: 'Priya', lastName: 'Raman', phone: '+44 7700 900209', years: 1, areas: ['Coastal Waters'], types: ['day_sailing'], certifications: [], about: 'Software tester in London, new to sailing after a taster weekend in the Solent. Keen to learn and good at following a checklist.', skills: { galley: ['galley_cooking'] }, contact: ['Ravi Raman', 'Father', '+44 7700 900210'] },
  { key: 'jonas', firstName: 'Jonas', lastName: 'Virtanen', phone: '+358 40 555 0211', years: 8, areas: ['Coastal Waters', 'Offshore'], types: ['racing', 'day_sailing'], certifications: ['Finnish Coastal Skipper'], about: 'Helsinki sailor, raced the ARC+ once and caught the bug. Sauna-tested for cold watches.', skills: { sailing: ['sail_trim', 'docking'], navigation: ['radar_operation'] }, contact: ['Aino Virtanen', 'Wife', '+358 40 555 0212'] },
  { key: 'mia', firstName: 'Mia', lastName: 'Hoffmann', phone: '+49 160 5550 213', years: 4, areas: ['Mediterranean', 'Coastal Waters'], types: ['bareboat', 'day_sailing'], certifications: ['SBF See'], about: 'Teacher from Munich with long summer holidays and a soft spot for Croatian islands.', skills: { galley: ['provisioning', 'galley_cooking'], sailing: ['anchoring'] }, contact: ['Karl Hoffmann', 'Father', '+49 160 5550 214'] },
  { key: 'sam', firstName: 'Sam', lastName: 'Okonkwo', phone: '+1 646 555 0215', years: 12, areas: ['North Atlantic', 'Caribbean', 'Ocean Crossing'], types: ['delivery', 'racing', 'overnight'], certifications: ['ASA 106 Advanced Coastal Cruising', 'US Sailing Offshore Safety'], about: 'New Yorker, Newport Bermuda Race twice. Good with a sextant and even better with a grill.', skills: { navigation: ['celestial_navigation', 'weather_routing'], experience: ['ocean_crossing', 'night_watches'] }, contact: ['Ada Okonkwo', 'Mother', '+1 646 555 0216'] },
  { key: 'elena', firstName: 'Elena', lastName: 'Rossi', phone: '+39 347 555 0217', years: 5, areas: ['Mediterranean'], types: ['day_sailing', 'overnight'], certifications: ['Patente nautica', 'First Aid at Sea'], about: 'Nurse from Genoa. Calm in a seaway and handy with a first-aid kit.', skills: { safety: ['first_aid', 'fire_safety'], galley: ['galley_cooking'] }, contact: ['Marco Rossi', 'Brother', '+39 347 555 0218'] },
  { key: 'ben', firstName: 'Ben', lastName: 'Carter', userType: 'both', phone: '+44 7700 900219', years: 10, areas: ['Channel/North Sea', 'Offshore', 'Coastal Waters'], types: ['overnight', 'delivery'], certifications: ['RYA Coastal Skipper', 'VHF SRC'], about: 'Boatyard rigger in Falmouth. Happy to climb the mast and fix what I find up there.', skills: { technical: ['rigging_maintenance', 'sail_repair'], sailing: ['reefing', 'heavy_weather'] }, contact: ['Kate Carter', 'Wife', '+44 7700 900220'] },
  { key: 'aiko', firstName: 'Aiko', lastName: 'Tanaka', phone: '+81 90 5550 0221', years: 7, areas: ['Pacific', 'Coastal Waters'], types: ['day_sailing', 'overnight'], certifications: ['Japan Class 1 Small Vessel'], about: 'Photographer from Yokohama saving up miles for a Pacific crossing. Steady helm, light sleeper.', skills: { experience: ['night_watches', 'offshore_passages'], navigation: ['gps_electronics'] }, contact: ['Hiro Tanaka', 'Brother', '+81 90 5550 0222'] },
  { key: 'oliver', firstName: 'Oliver', lastName: 'Hughes', phone: '+61 412 555 223', years: 15, areas: ['Pacific', 'Offshore', 'Ocean Crossing'], types: ['racing', 'delivery'], certifications: ['Australian Yachtmaster Offshore', 'Sea Survival'], about: 'Sydney–Hobart veteran (four finishes). Looking for a long trade-wind passage with good company.', skills: { sailing: ['heavy_weather', 'spinnaker'], experience: ['ocean_crossing', 'racing_experience'] }, contact: ['Ruby Hughes', 'Sister', '+61 412 555 224'] },
  { key: 'fatima', firstName: 'Fatima', lastName: 'El Amrani', phone: '+212 661 555 225', years: 2, areas: ['Mediterranean', 'Coastal Waters'], types: ['day_sailing'], certifications: ['ICC'], about: 'Architect from Tangier, sailing since a course in Gibraltar two years ago. I cook a mean tagine at anchor.', skills: { galley: ['galley_cooking', 'provisioning', 'watch_cooking'] }, contact: ['Youssef El Amrani', 'Brother', '+212 661 555 226'] },
  { key: 'henrik', firstName: 'Henrik', lastName: 'Dahl', phone: '+45 20 55 50 27', years: 20, areas: ['Channel/North Sea', 'Offshore', 'North Atlantic'], types: ['delivery', 'overnight', 'instruction'], certifications: ['Danish Yachtskipper 3', 'GMDSS ROC'], about: 'Retired ferry officer from Aarhus. Navigation is my hobby; radar is my friend.', skills: { navigation: ['radar_operation', 'collision_avoidance', 'chart_plotting'] }, contact: ['Birgit Dahl', 'Wife', '+45 20 55 50 28'] },
  { key: 'zoe', firstName: 'Zoë', lastName: 'de Vries', phone: '+31 6 5550 0229', years: 6, areas: ['Channel/North Sea', 'Coastal Waters'], types: ['racing', 'day_sailing'], certifications: ['Vaarbewijs 2', 'Marifoon'], about: 'Grew up on the IJsselmeer. Quick on the winches and loves a spinnaker run.', skills: { sailing: ['spinnaker', 'sail_trim', 'docking'] }, contact: ['Pieter de Vries', 'Father', '+31 6 5550 0230'] },
  { key: 'mateus', firstName: 'Mateus', lastName: 'Costa', phone: '+351 912 555 231', years: 9, areas: ['North Atlantic', 'Ocean Crossing', 'Coastal Waters'], types: ['delivery', 'overnight'], certifications: ['Patrão de Alto Mar'], about: 'From Lisbon. Sailed Madeira, the Azores and Cape Verde on family boats; I fish on every passage.', skills: { experience: ['offshore_passages', 'ocean_crossing'], galley: ['food_preservation'] }, contact: ['Inês Costa', 'Mother', '+351 912 555 232'] },
  { key: 'grace-l', firstName: 'Grace', lastName: 'Liu', phone: '+1 604 555 0233', years: 3, areas: ['Pacific', 'Coastal Waters'], types: ['day_sailing', 'bareboat'], certifications: ['Sail Canada Basic Cruising'], about: 'Vancouver data analyst who learnt on the Salish Sea. I want my first night passage this year.', skills: { navigation: ['chart_plotting'], safety: ['first_aid'] }, contact: ['Wei Liu', 'Father', '+1 604 555 0234'] },
  { key: 'tomasz', firstName: 'Tomasz', lastName: 'Nowak', phone: '+48 601 555 235', years: 13, areas: ['Offshore', 'Coastal Waters', 'Channel/North Sea'], types: ['overnight', 'delivery'], certifications: ['Jachtowy Sternik Morski', 'SRC'], about: 'Baltic sailor from Gdańsk. Ran a sailing school for ten years; now I just want to sail.', skills: { sailing: ['reefing', 'heavy_weather'], technical: ['diesel_engine'] }, contact: ['Agnieszka Nowak', 'Wife', '+48 601 555 236'] },
  { key: 'kirsty', firstName: 'Kirsty', lastName: 'Campbell', phone: '+44 7700 900237', years: 5, areas: ['Coastal Waters', 'Channel/North Sea'], types: ['day_sailing', 'overnight'], certifications: ['RYA Day Skipper (theory)', 'RYA Competent Crew'], about: 'Marine biologist in Oban: I can name every seabird and most of the dolphins.', skills: { experience: ['night_watches'], sailing: ['anchoring'] }, contact: ['Ewan Campbell', 'Brother', '+44 7700 900238'] },
  { key: 'rafa', firstName: 'Rafaela', lastName: 'Souza', phone: '+55 21 95550 0239', years: 7, areas: ['Ocean Crossing', 'Caribbean', 'North Atlantic'], types: ['delivery', 'overnight'], certifications: ['Arrais-Amador', 'STCW Basic Safety'], about: 'Carioca, crossed from Salvador to Grenada last year. Calm, tidy and always on time for watch.', skills: { experience: ['ocean_crossing', 'night_watches'], galley: ['watch_cooking'] }, contact: ['João Souza', 'Father', '+55 21 95550 0240'] },
  { key: 'patrick', firstName: 'Patrick', lastName: 'O’Brien', phone: '+353 86 555 0241', years: 2, areas: ['Coastal Waters'], types: ['day_sailing'], certifications: ['ISA Competent Crew'], about: 'Accountant from Galway. Strong, willing and very good at washing up.', skills: { galley: ['boat_cleaning'] }, contact: ['Mary O’Brien', 'Mother', '+353 86 555 0242'] },
  { key: 'lea', firstName: 'Léa', lastName: 'Dubois', phone: '+33 7 55 50 02 43', years: 10, areas: ['North Atlantic', 'Offshore', 'Coastal Waters'], types: ['racing', 'overnight'], certifications: ['Permis hauturier', 'PSC1 first aid'], about: 'Figaro Bénéteau crew for three seasons. I love a fast boat and a wet ride.', skills: { sailing: ['sail_trim', 'spinnaker', 'heavy_weather'], navigation: ['weather_routing'] }, contact: ['Hugo Dubois', 'Brother', '+33 7 55 50 02 44'] },
  { key: 'marcus', firstName: 'Marcus', lastName: 'Johansson', phone: '+46 73 555 0245', years: 4, areas: ['Coastal Waters'], types: ['day_sailing', 'bareboat'], certifications: ['Förarintyg'], about: 'Chef from Gothenburg. I will cook for everyone if someone else does the dishes.', skills: { galley: ['galley_cooking', 'provisioning', 'food_preservation'] }, contact: ['Sara Johansson', 'Sister', '+46 73 555 0246'] },
  { key: 'nina', firstName: 'Nina', lastName: 'Petrović', phone: '+381 64 555 0247', years: 6, areas: ['Mediterranean', 'Coastal Waters'], types: ['bareboat', 'overnight'], certifications: ['ICC', 'VHF SRC'], about: 'Belgrade-based, sailing the Adriatic every summer. Good at stern-to mooring in a crosswind.', skills: { sailing: ['docking', 'anchoring'], safety: ['man_overboard'] }, contact: ['Milan Petrović', 'Father', '+381 64 555 0248'] },
  { key: 'kai', firstName: 'Kai', lastName: 'Andersen', userType: 'both', phone: '+47 930 55 249', years: 16, areas: ['Channel/North Sea', 'Offshore', 'Ocean Crossing'], types: ['delivery', 'racing', 'overnight'], certifications: ['Yachtmaster Offshore', 'Sea Survival'], about: 'Norwegian delivery crew and part-time boat owner. Spent last winter on the ARC.', skills: { experience: ['ocean_crossing', 'solo_watch'], technical: ['electrical_systems'] }, contact: ['Liv Andersen', 'Wife', '+47 930 55 250'] },
  { key: 'isabel', firstName: 'Isabel', lastName: 'Moreno', phone: '+52 55 5550 0251', years: 8, areas: ['Pacific', 'Caribbean'], types: ['overnight', 'delivery'], certifications: ['Capitán de Yate (MX)'], about: 'Marine engineer from La Paz. I have sailed the Sea of Cortez and the run to the Marquesas.', skills: { technical: ['diesel_engine', 'plumbing_systems'], experience: ['offshore_passages'] }, contact: ['Jorge Moreno', 'Brother', '+52 55 5550 0252'] },
  { key: 'ed', firstName: 'Edward', lastName: 'Ashworth', phone: '+44 7700 900253', years: 35, areas: ['Channel/North Sea', 'Offshore', 'North Atlantic', 'Mediterranean'], types: ['overnight', 'delivery', 'instruction'], certifications: ['RYA Yachtmaster Offshore', 'RYA Cruising Instructor'], about: 'Retired, with time on my hands and a lifetime of passages. Happy to share watches, stories and tide tables.', skills: { navigation: ['celestial_navigation', 'chart_plotting'], experience: ['night_watches', 'offshore_passages'] }, contact: ['Margaret Ashworth', 'Wife', '+44 7700 900254'] },
  { key: 'lily', firstName: 'Lily', lastName: 'Nguyen', phone: '+61 433 555 255', years: 1, areas: ['Coastal Waters'], types: ['day_sailing'], certifications: [], about: 'Uni student in Auckland on exchange, dinghy sailor turning to keelboats. Fearless on the bow.', skills: { sailing: ['reefing'] }, contact: ['Thanh Nguyen', 'Mother', '+61 433 555 256'] },
  { key: 'hamish', firstName: 'Hamish', lastName: 'Fraser', phone: '+64 27 555 0257', years: 18, areas: ['Pacific', 'Offshore', 'Ocean Crossing'], types: ['racing', 'delivery'], certifications: ['Yachting NZ Offshore Skipper', 'Sea Survival'], about: 'Bay of Islands local who has delivered boats to Tonga, Fiji and New Caledonia. Good cook, better fisherman.', skills: { experience: ['ocean_crossing', 'delivery_experience'], galley: ['galley_cooking'] }, contact: ['Fiona Fraser', 'Wife', '+64 27 555 0258'] },
  { key: 'astrid', firstName: 'Astrid', lastName: 'Berg', phone: '+46 72 555 0259', years: 9, areas: ['Coastal Waters', 'Offshore'], types: ['overnight', 'racing'], certifications: ['Kustskepparintyg', 'First Aid at Sea'], about: 'Baltic racer from Visby. Quick with the spinnaker, slow to complain.', skills: { sailing: ['spinnaker', 'sail_trim'], safety: ['first_aid'] }, contact: ['Nils Berg', 'Father', '+46 72 555 0260'] },
];

export const DEMO_CREW: readonly DemoPerson[] = CREW_SEEDS.map((seed) => ({
  key: seed.key,
  firstName: seed.firstName,
  lastName: seed.lastName,
  userType: seed.userType ?? 'crew',
  phone: seed.phone,
  experience: {
    years_sailing: seed.years,
    sailing_areas: [...seed.areas],
    experience_types: [...seed.types],
    certifications: [...seed.certifications],
    informal_description: seed.about,
  },
  emergency: seed.contact ? { name: seed.contact[0], relationship: seed.contact[1], phone: seed.contact[2], email: '' } : null,
  skills: seed.skills,
}));

/** The address of a demo account: first.last at the demo domain, without accents. */
export const demoEmail = (person: Pick<DemoPerson, 'firstName' | 'lastName' | 'key'>): string =>
  `${`${person.firstName}.${person.lastName}`
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z.]+/g, '')}@${DEMO_EMAIL_DOMAIN}`;
