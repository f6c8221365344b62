import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageMeta } from '../../../lib/page-meta';
import { CONTACT } from '../../../lib/site';
import '../help.css';

const SECTIONS = [
  ['pre-sailing', 'Pre-sailing checks'],
  ['equipment', 'Safety equipment'],
  ['briefing', 'Crew briefing'],
  ['contacts', 'Emergency contacts'],
  ['mayday', 'MAYDAY'],
  ['man-overboard', 'Man overboard'],
  ['health', 'Health'],
  ['weather', 'Weather'],
  ['platform', 'Platform safety'],
  ['downloads', 'Printable checklists'],
] as const;

type SectionId = (typeof SECTIONS)[number][0];

const SAFETY_DOWNLOADS = [
  {
    file: 'safety-checklist.html',
    title: 'Safety checklist',
    text: 'Passage planning, boat and equipment checks and the crew briefing, to tick off before casting off.',
  },
  {
    file: 'emergency-procedures.html',
    title: 'Emergency procedures',
    text: 'MAYDAY and PAN-PAN scripts, man overboard, fire and abandoning ship. Keep a copy by the VHF.',
  },
  {
    file: 'medical-kit-guide.html',
    title: 'Medical kit guide',
    text: 'What a coastal and an offshore first aid kit should hold, and how to look after it.',
  },
] as const;

const BEAUFORT: readonly (readonly [force: string, name: string, knots: string, sea: string, aboard: string])[] = [
  ['0', 'Calm', 'under 1', 'Like a mirror', 'Motor, or wait for wind.'],
  ['1–2', 'Light air, light breeze', '1–6', 'Ripples to small wavelets', 'Gentle sailing; the sails may slat in a swell.'],
  ['3', 'Gentle breeze', '7–10', 'Large wavelets, a few white horses', 'Easy sailing: ideal for a first trip.'],
  ['4', 'Moderate breeze', '11–16', 'Small waves, frequent white horses', 'Good sailing; the boat heels and moves well.'],
  ['5', 'Fresh breeze', '17–21', 'Moderate waves, many white horses, some spray', 'Most cruising yachts reef. Lively for new crew.'],
  ['6', 'Strong breeze', '22–27', 'Large waves, extensive foam crests, spray', 'Deep reefs, hard and wet work. Inshore strong-wind warnings start here.'],
  ['7', 'Near gale', '28–33', 'Sea heaps up, foam blown in streaks', 'Stay in harbour unless the boat and crew are prepared for heavy weather.'],
  ['8', 'Gale', '34–40', 'Moderately high waves, crests breaking into spindrift', 'Dangerous for small yachts. A gale warning is issued.'],
  ['9+', 'Severe gale to hurricane force', '41 and over', 'High to phenomenal waves, spray cutting visibility', 'Survival conditions. Do not be at sea by choice.'],
];

function Checklist({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="checklist">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function Section({ id, title, children }: { id: SectionId; title: string; children: ReactNode }) {
  return (
    <section id={id} className="safety-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

export function SafetyPage() {
  usePageMeta(
    'Safety at Sea',
    'Pre-sailing checks, safety equipment, crew briefing, emergency contacts, MAYDAY and man-overboard procedures, health and weather, with printable checklists.',
  );
  return (
    <div className="page help-page safety-page">
      <PageHeader
        title="Safety at Sea"
        lead="Good seamanship starts before you leave the pontoon. Whether you are the skipper or joining as crew, read this before every voyage."
      />

      <aside className="safety-emergency" aria-label="In an emergency">
        <p>
          <strong>In an emergency at sea:</strong> send a DSC distress alert and a MAYDAY on <strong>VHF channel 16</strong>. From a phone, dial <strong>999</strong> or{' '}
          <strong>112</strong> and ask for the <strong>Coastguard</strong>.
        </p>
      </aside>

      <nav className="card safety-toc" aria-label="On this page">
        <h2 className="safety-toc__title">On this page</h2>
        <ul>
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>

      <Section id="pre-sailing" title="Pre-sailing checks">
        <p>
          Most emergencies at sea start as small problems ashore: a forecast not checked, a fuel filter not changed, a crew member nobody briefed. Work through these before every
          passage, not only the first.
        </p>
        <h3>Passage plan</h3>
        <Checklist
          items={[
            'Forecast checked for the whole passage and the day after, from at least two sources',
            'Tidal heights and streams worked out; tidal gates, races and wind-against-tide areas marked',
            'Route, waypoints, hazards, traffic separation schemes and ports of refuge on paper and in the plotter',
            'Time of sunset and how much of the passage will be at night',
            'Passage plan, crew list and expected arrival left with someone ashore, with a time to raise the alarm',
          ]}
        />
        <h3>The boat</h3>
        <Checklist
          items={[
            'Engine: oil, coolant, drive belt, raw-water strainer; fuel for the passage plus a good reserve',
            'Bilges dry; manual and electric bilge pumps tested',
            'Rigging walked round: split pins, shackles moused, no chafe on sheets and halyards, reefing lines rove',
            'Navigation lights, VHF with DSC, AIS and instruments working; batteries charged',
            'Gas turned off at the bottle when not cooking; gas alarm tested',
            'Seacocks known and working; a softwood bung tied beside each',
            'Hatches and lockers secured; anchor ready to let go',
          ]}
        />
        <h3>The crew</h3>
        <Checklist
          items={[
            'Everyone has a lifejacket that fits, adjusted and with its crotch strap done up',
            'Everyone has been briefed (see below), including anyone joining at an intermediate port',
            'Watch system agreed; everyone rested before a night passage',
            'Medical conditions and medication known to the skipper',
            'Passage logged with the RYA SafeTrx app (UK) or a trusted contact ashore',
          ]}
        />
      </Section>

      <Section id="equipment" title="Safety equipment">
        <p>What a yacht should carry depends on where it sails. Check these, and ask the skipper before you join if anything is missing.</p>
        <dl className="safety-list">
          <dt>Lifejackets</dt>
          <dd>One per person, serviced, with crotch strap, light and spray hood. Check the gas cylinder is screwed in and the indicator is green.</dd>
          <dt>Jackstays and tethers</dt>
          <dd>Jackstays rigged from bow to stern, and a tether per person. Clip on before you leave the cockpit, at night and in rough weather.</dd>
          <dt>VHF radio with DSC</dt>
          <dd>A fixed set with an MMSI registered to the boat, plus a waterproof handheld as a backup and for the liferaft.</dd>
          <dt>Man-overboard recovery</dt>
          <dd>A danbuoy, horseshoe buoy or lifesling ready to throw from the cockpit, a throwing line, and a way to lift a person back aboard.</dd>
          <dt>Flares</dt>
          <dd>In date: red handhelds, orange smoke and parachute rockets, in a waterproof container.</dd>
          <dt>Fire</dt>
          <dd>Extinguishers near the galley, engine and cabins, and a fire blanket by the stove.</dd>
          <dt>First aid kit</dt>
          <dd>Suited to the passage and checked for expiry dates; see the medical kit guide below.</dd>
          <dt>Offshore</dt>
          <dd>
            A serviced liferaft for everyone aboard, an EPIRB (and ideally a personal locator beacon for each crew member) registered with the UK Beacon Registry or the flag state,
            and a grab bag with a handheld VHF, water, torch and flares.
          </dd>
          <dt>Everything else</dt>
          <dd>Radar reflector, foghorn, torches, a bucket, softwood bungs, a bolt cropper or cutters for the rigging, and a spare anchor.</dd>
        </dl>
      </Section>

      <Section id="briefing" title="Crew briefing checklist">
        <p>
          The skipper briefs every crew member before departure, and again for anyone joining mid-voyage. As crew, if you have not been briefed on something here, ask: it is your
          right and good seamanship.
        </p>
        <Checklist
          items={[
            'Lifejackets: fitting, when to wear them, how they inflate and how to use the crotch strap and spray hood',
            'Clipping on: jackstays, strong points, when tethers are required',
            'Where the liferaft, grab bag, flares, EPIRB, fire extinguishers, fire blanket and first aid kit are, and how to use them',
            'How to send a DSC distress alert and a MAYDAY on the VHF, and where the boat’s position is displayed',
            'Man-overboard drill: who throws the buoy, who points, who presses MOB, how the boat will turn back',
            'Engine: starting and stopping, and the fuel shut-off',
            'Gas and stove: turning the gas on and off at the bottle, and the gas alarm',
            'Seacocks and heads: how to use them without flooding the boat',
            'Moving about: one hand for yourself and one for the boat; keep clear of the boom, sheets and winches',
            'Watch system, and when to wake the skipper (any doubt, ships closing, wind rising)',
            'Seasickness: tell someone early; never be alone on deck when you are ill',
          ]}
        />
      </Section>

      <Section id="contacts" title="Emergency contacts">
        <dl className="safety-list">
          <dt>At sea, any waters</dt>
          <dd>
            DSC distress alert, then MAYDAY on VHF channel 16. Channel 16 is monitored by coastguards and by ships. In UK waters HM Coastguard answers and coordinates the RNLI and
            other rescue services; abroad, the local Maritime Rescue Coordination Centre (MRCC) does.
          </dd>
          <dt>From a phone in the UK</dt>
          <dd>Dial 999 or 112 and ask for the Coastguard.</dd>
          <dt>From a phone abroad</dt>
          <dd>
            112 works across the EU and in many other countries; ask for maritime rescue. Before sailing abroad, note the local MRCC and its number in your passage plan. A VHF call
            reaches nearby vessels as well, which a phone call does not.
          </dd>
          <dt>Medical advice at sea</dt>
          <dd>Call the Coastguard on channel 16 (a PAN-PAN call if it is urgent) and ask for medical advice; they will put you through to a doctor.</dd>
          <dt>Someone ashore</dt>
          <dd>
            A friend or relative with your passage plan, who knows to call 999 and ask for the Coastguard if you are overdue. The RYA SafeTrx app tracks your passage, alerts your
            emergency contact if you are overdue, and its details can be seen by HM Coastguard.
          </dd>
          <dt>Crew Finder safety team</dt>
          <dd>
            <a href={`mailto:${CONTACT.safety}`}>{CONTACT.safety}</a> for concerns about a voyage or a member. We are not an emergency service.
          </dd>
        </dl>
      </Section>

      <Section id="mayday" title="MAYDAY procedure">
        <p>
          MAYDAY is for <strong>grave and imminent danger</strong> to the vessel or a person: sinking, fire out of control, a person overboard who is not recovered at once, a
          life-threatening injury. If in doubt, call: the Coastguard would much rather stand a lifeboat down than launch it late.
        </p>
        <h3>1. Send a DSC distress alert</h3>
        <p>
          Lift the cover of the red DISTRESS button and hold it for 5 seconds (if there is time, select the nature of distress first). The alert carries the boat’s MMSI and GPS
          position. The radio switches to channel 16.
        </p>
        <h3>2. Make the voice call on channel 16</h3>
        <p>Check the set is on high power, press the transmit button and speak slowly and clearly:</p>
        <ol className="script" aria-label="MAYDAY call">
          <li>MAYDAY, MAYDAY, MAYDAY</li>
          <li>This is [boat name, boat name, boat name], call sign [spelled phonetically], MMSI [number]</li>
          <li>MAYDAY [boat name], call sign [call sign], MMSI [number]</li>
          <li>My position is [latitude and longitude, or bearing and distance from a charted point]</li>
          <li>[Nature of distress: sinking, on fire, person overboard…]</li>
          <li>I require immediate assistance</li>
          <li>[Number] persons on board</li>
          <li>[Any other useful information: abandoning to the liferaft, description of the boat, flares available]</li>
          <li>Over</li>
        </ol>
        <p className="safety-tip">
          The order spells <strong>MIPDANIO</strong>: Mayday, Identify, Position, Distress, Assistance, Number, Information, Over. The script is printed next to the VHF on many
          boats; if it is not on yours, print our emergency procedures sheet.
        </p>
        <details className="safety-example">
          <summary>Read an example call</summary>
          <p>
            “MAYDAY, MAYDAY, MAYDAY. This is yacht Blue Heron, Blue Heron, Blue Heron, call sign Mike Alpha Bravo Charlie Seven, MMSI 235 012 345. MAYDAY Blue Heron, call sign Mike
            Alpha Bravo Charlie Seven, MMSI 235 012 345. My position is 180 degrees from Anvil Point lighthouse, 3 miles. We are holed and sinking. I require immediate assistance.
            Four persons on board. We are preparing to abandon to the liferaft. Over.”
          </p>
        </details>
        <h3>3. Wait, then repeat</h3>
        <p>
          Listen for an acknowledgement. If none comes within a minute or so, repeat the call. Once acknowledged, keep listening on channel 16, follow instructions, and let off
          flares only when rescuers are in sight or ask for them.
        </p>
        <h3>PAN-PAN and false alerts</h3>
        <p>
          For an urgent situation that is not yet life-threatening (engine failure drifting towards rocks, a crew member needing medical advice) use <strong>PAN-PAN</strong> three
          times, “all stations” three times, then the same format. If you send a distress alert by mistake, do not switch off: cancel it by voice on channel 16 with “All stations,
          all stations, all stations, this is [name, call sign, MMSI], cancel my distress alert of [time]”.
        </p>
      </Section>

      <Section id="man-overboard" title="Man-overboard procedure">
        <p>Cold water, waves and a moving boat make every second count. Practise this drill with a fender and a bucket in calm water before you need it.</p>
        <ol className="procedure">
          <li>
            <strong>Shout “Man overboard!”</strong> and which side. One crew member points at the person and does nothing else until they are back aboard.
          </li>
          <li>
            <strong>Throw</strong> the danbuoy, horseshoe buoy or lifesling immediately: it gives the person something to hold and you something to see.
          </li>
          <li>
            <strong>Mark the position:</strong> press MOB on the plotter or GPS and note the time.
          </li>
          <li>
            <strong>Raise the alarm:</strong> send a DSC distress alert and MAYDAY unless the person is back aboard within moments.
          </li>
          <li>
            <strong>Turn back under control:</strong> a quick-stop or heave-to under sail, or start the engine only once you are sure no lines are in the water.
          </li>
          <li>
            <strong>Approach slowly from downwind,</strong> so the boat stops beside the person rather than drifting onto them. Engine in neutral when close: never let a turning
            propeller near someone in the water.
          </li>
          <li>
            <strong>Attach a line first, then recover</strong> with the lifesling, a halyard and harness, or the boarding ladder. Lift someone who has been in the water for a while
            as horizontally as you can.
          </li>
          <li>
            <strong>Treat for cold shock and hypothermia:</strong> shelter, remove wet clothes, dry and insulate, and get medical advice through the Coastguard.
          </li>
        </ol>
        <p className="safety-tip">Prevention is far easier than recovery: clip on at night, in rough weather and when alone on deck, and never relieve yourself over the side.</p>
      </Section>

      <Section id="health" title="Health">
        <dl className="safety-list">
          <dt>Seasickness</dt>
          <dd>
            Take tablets before you sail: some need hours to work and most cause drowsiness, so try them ashore first. Stay on deck in the fresh air, look at the horizon, take the
            helm, keep warm, and eat plain food and sip water little and often. Avoid reading or cooking below. Tell someone early, and clip on: a seasick crew member must never be
            alone on deck.
          </dd>
          <dt>Hydration</dt>
          <dd>
            Drink at least 2 litres a day, more in heat or when seasick, even when you are cold and do not feel thirsty. Dark urine and a headache mean drink more. No alcohol under
            way.
          </dd>
          <dt>Sun</dt>
          <dd>
            Reflection off the water and the breeze make sunburn easy to miss. Use high-factor sunscreen and reapply it, and wear a hat and sunglasses on cords and light long
            sleeves. Headache, nausea and dizziness in heat can be heat exhaustion: shade, rest and water.
          </dd>
          <dt>Cold water shock</dt>
          <dd>
            Around the UK the sea is below 15 °C for most of the year. Falling in makes you gasp and breathe fast for about a minute, and that is when people drown. If you fall in:
            do not thrash or try to swim; lean back, spread your arms and legs and float until your breathing settles (the RNLI’s “Float to Live”). A lifejacket with a spray hood
            keeps your airway clear.
          </dd>
          <dt>Hypothermia</dt>
          <dd>
            It creeps up on a long, wet night watch too. Warning signs are the “umbles”: stumbles, mumbles, fumbles and grumbles. Get the person out of the wind, replace wet
            clothes with dry layers, insulate them (sleeping bag, foil blanket), give warm sweet drinks only if they are fully alert, and no alcohol. Handle them gently and get
            medical advice if they are confused or drowsy.
          </dd>
          <dt>Fatigue</dt>
          <dd>Keep to the watch system and rest off watch even if you cannot sleep. Tired crew make mistakes and feel the cold and seasickness more.</dd>
          <dt>Medication and conditions</dt>
          <dd>
            Bring your own medication for the whole voyage plus spares for delays, in your hand luggage. Tell the skipper privately about any condition, such as diabetes, epilepsy,
            heart problems or serious allergies, and where your medication is.
          </dd>
          <dt>Injuries</dt>
          <dd>One hand for yourself and one for the boat. Keep fingers clear of winches and cleats, duck and stay low when the boat tacks or gybes, and wear shoes on deck.</dd>
        </dl>
      </Section>

      <Section id="weather" title="Weather">
        <h3>Where to get a forecast</h3>
        <ul>
          <li>
            <strong>Shipping Forecast</strong> from the Met Office, broadcast on BBC Radio 4 and published online, for the sea areas around the British Isles.
          </li>
          <li>
            <strong>Inshore Waters forecast</strong> from the Met Office, for coastal waters up to 12 miles offshore: the most useful one for coastal passages.
          </li>
          <li>
            <strong>Coastguard broadcasts:</strong> HM Coastguard announces Maritime Safety Information, including forecasts and gale warnings, on VHF channel 16 and reads it on a
            working channel. NAVTEX receivers print the same warnings.
          </li>
          <li>
            <strong>Weather apps and models</strong> are useful for timing, but compare them with the official forecasts; they often underestimate gusts around headlands and in
            showers.
          </li>
        </ul>
        <p>
          Forecasts give the mean wind: gusts can be a third or more stronger. Gale warnings say when: “imminent” means within 6 hours, “soon” 6 to 12 hours, “later” more than 12
          hours.
        </p>
        <h3>The Beaufort scale</h3>
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="beaufort-caption">
          <table className="beaufort">
            <caption id="beaufort-caption">The Beaufort wind scale, and what it means aboard a 10 to 12 metre cruising yacht</caption>
            <thead>
              <tr>
                <th scope="col">Force</th>
                <th scope="col">Description</th>
                <th scope="col">Wind (knots)</th>
                <th scope="col">Sea</th>
                <th scope="col">Aboard</th>
              </tr>
            </thead>
            <tbody>
              {BEAUFORT.map(([force, name, knots, sea, aboard]) => (
                <tr key={force}>
                  <th scope="row">{force}</th>
                  <td>{name}</td>
                  <td>{knots}</td>
                  <td>{sea}</td>
                  <td>{aboard}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3>Go or no-go</h3>
        <p>Before leaving, the skipper decides; crew should feel free to ask. If the honest answer to any of these is no, wait:</p>
        <ul className="go-no-go">
          <li>Is the forecast wind, including gusts, within what the boat and the least experienced crew member can handle?</li>
          <li>Will you avoid wind against tide at headlands, tidal races and harbour entrances, where seas become steep and breaking?</li>
          <li>Is visibility forecast to be good enough for the traffic and hazards on the route?</li>
          <li>Is everyone fit, rested and well before departure?</li>
          <li>Is there a plan B harbour, and time in hand before dark or before the weather changes?</li>
        </ul>
        <p className="safety-tip">A delay costs time. Going out in the wrong weather can cost far more. Nobody regrets a day in port.</p>
      </Section>

      <Section id="platform" title="How Crew Finder helps keep you safe">
        <ul>
          <li>
            <strong>Trust levels:</strong> each profile shows the checks a member has passed (a confirmed email address, a phone number verified by a text message code, a photo, an
            emergency contact, their experience written or in the verified sailing log, an identity checked by our team) as points out of 6; only a member whose identity our team
            has checked is shown as Verified.
          </li>
          <li>
            <strong>Reviews:</strong> after each completed voyage skipper and crew review each other. Reviews are double-blind, so they are honest.
          </li>
          <li>
            <strong>Messages about real voyages:</strong> conversations are tied to a voyage you have in common; you can block a member and report a message.
          </li>
          <li>
            <strong>Meet before you sail:</strong> talk by phone or video, then meet in a public place or at the marina. A short day sail together before a long passage tells both
            sides a lot.
          </li>
          <li>
            <strong>Share your voyage plan with someone ashore:</strong> the boat’s name, the skipper’s name and phone number, your route and expected arrival, and when to raise
            the alarm.
          </li>
          <li>
            <strong>Keep money simple:</strong> contributions are arranged directly between skipper and crew. Agree them in writing, and be wary of anyone asking for a large
            deposit before you have met.
          </li>
        </ul>
        <div className="card safety-report">
          <h3>Report a safety concern</h3>
          <p>
            If something about a voyage, a boat or a member worries you, email{' '}
            <a href={`mailto:${CONTACT.safety}?subject=${encodeURIComponent('Safety concern')}`}>{CONTACT.safety}</a> with the voyage, the people involved and what happened. We
            read every report. In an emergency, call the Coastguard or the police first.
          </p>
        </div>
      </Section>

      <Section id="downloads" title="Printable checklists">
        <p>Print these and keep them aboard: in the chart table, by the VHF and with the first aid kit.</p>
        <ul className="cards cards--three downloads">
          {SAFETY_DOWNLOADS.map((download) => (
            <li key={download.file} className="card download">
              <h3>{download.title}</h3>
              <p>{download.text}</p>
              <p className="actions">
                <a className="button button--primary" href={`/downloads/${download.file}`} download={download.file}>
                  Download<span className="visually-hidden"> {download.title.toLowerCase()}</span>
                </a>
                <a className="button button--secondary" href={`/downloads/${download.file}`} target="_blank" rel="noopener">
                  Open to print<span className="visually-hidden"> {download.title.toLowerCase()} (opens in a new tab)</span>
                </a>
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <p className="safety-disclaimer">
        This guide is general advice, not a substitute for training, the skipper’s judgement or official sources. More questions? See the <Link to="/help">Help Centre</Link> or the{' '}
        <Link to="/help/getting-started">getting started guide</Link>.
      </p>
    </div>
  );
}
