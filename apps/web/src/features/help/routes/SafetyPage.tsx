import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageMeta } from '../../../lib/page-meta';
import { CONTACT } from '../../../lib/site';
import '../help.css';

const SECTIONS = [
  ['pre-sailing', msg`Pre-sailing checks`],
  ['equipment', msg`Safety equipment`],
  ['briefing', msg`Crew briefing`],
  ['contacts', msg`Emergency contacts`],
  ['mayday', msg`MAYDAY`],
  ['man-overboard', msg`Man overboard`],
  ['health', msg`Health`],
  ['weather', msg`Weather`],
  ['platform', msg`Platform safety`],
  ['downloads', msg`Printable checklists`],
] as const;

type SectionId = (typeof SECTIONS)[number][0];

/** The printable sheets (in English: the page says so in other languages), and the name each is saved under. */
const SAFETY_DOWNLOADS: readonly { file: string; savedAs: MessageDescriptor; title: MessageDescriptor; inSentence: MessageDescriptor; text: MessageDescriptor }[] = [
  {
    file: 'safety-checklist.html',
    savedAs: msg({ comment: 'The name a download is saved under: lower case, words joined by hyphens, no accents', message: 'safety-checklist' }),
    title: msg`Safety checklist`,
    inSentence: msg({ comment: 'The download’s name within a sentence (“Download safety checklist”)', message: 'safety checklist' }),
    text: msg`Passage planning, boat and equipment checks and the crew briefing, to tick off before casting off.`,
  },
  {
    file: 'emergency-procedures.html',
    savedAs: msg({ comment: 'The name a download is saved under: lower case, words joined by hyphens, no accents', message: 'emergency-procedures' }),
    title: msg`Emergency procedures`,
    inSentence: msg({ comment: 'The download’s name within a sentence (“Download emergency procedures”)', message: 'emergency procedures' }),
    text: msg`MAYDAY and PAN-PAN scripts, man overboard, fire and abandoning ship. Keep a copy by the VHF.`,
  },
  {
    file: 'medical-kit-guide.html',
    savedAs: msg({ comment: 'The name a download is saved under: lower case, words joined by hyphens, no accents', message: 'medical-kit-guide' }),
    title: msg`Medical kit guide`,
    inSentence: msg({ comment: 'The download’s name within a sentence (“Download medical kit guide”)', message: 'medical kit guide' }),
    text: msg`What a coastal and an offshore first aid kit should hold, and how to look after it.`,
  },
];

/** Force, description, wind in knots, the sea, and what it means aboard; the wind's figures are words where they need them. */
const BEAUFORT: readonly (readonly [force: string, name: MessageDescriptor, knots: string | MessageDescriptor, sea: MessageDescriptor, aboard: MessageDescriptor])[] = [
  ['0', msg`Calm`, msg`under 1`, msg`Like a mirror`, msg`Motor, or wait for wind.`],
  ['1–2', msg`Light air, light breeze`, '1–6', msg`Ripples to small wavelets`, msg`Gentle sailing; the sails may slat in a swell.`],
  ['3', msg`Gentle breeze`, '7–10', msg`Large wavelets, a few white horses`, msg`Easy sailing: ideal for a first trip.`],
  ['4', msg`Moderate breeze`, '11–16', msg`Small waves, frequent white horses`, msg`Good sailing; the boat heels and moves well.`],
  ['5', msg`Fresh breeze`, '17–21', msg`Moderate waves, many white horses, some spray`, msg`Most cruising yachts reef. Lively for new crew.`],
  ['6', msg`Strong breeze`, '22–27', msg`Large waves, extensive foam crests, spray`, msg`Deep reefs, hard and wet work. Inshore strong-wind warnings start here.`],
  ['7', msg`Near gale`, '28–33', msg`Sea heaps up, foam blown in streaks`, msg`Stay in harbour unless the boat and crew are prepared for heavy weather.`],
  ['8', msg`Gale`, '34–40', msg`Moderately high waves, crests breaking into spindrift`, msg`Dangerous for small yachts. A gale warning is issued.`],
  ['9+', msg`Severe gale to hurricane force`, msg`41 and over`, msg`High to phenomenal waves, spray cutting visibility`, msg`Survival conditions. Do not be at sea by choice.`],
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
  const { t, i18n } = useLingui();
  const title = t`Safety at Sea`;
  usePageMeta(
    title,
    t`Pre-sailing checks, safety equipment, crew briefing, emergency contacts, MAYDAY and man-overboard procedures, health and weather, with printable checklists.`,
  );
  const { safety } = CONTACT;
  const concernSubject = encodeURIComponent(t`Safety concern`);
  const english = i18n.locale === 'en';
  return (
    <div className="page help-page safety-page">
      <PageHeader title={title} lead={t`Good seamanship starts before you leave the pontoon. Whether you are the skipper or joining as crew, read this before every voyage.`} />

      <aside className="safety-emergency" aria-label={t`In an emergency`}>
        <p>
          <Trans>
            <strong>In an emergency at sea:</strong> send a DSC distress alert and a MAYDAY on <strong>VHF channel 16</strong>. From a phone, dial <strong>999</strong> or{' '}
            <strong>112</strong> and ask for the <strong>Coastguard</strong>.
          </Trans>
        </p>
      </aside>

      <nav className="card safety-toc" aria-label={t`On this page`}>
        <h2 className="safety-toc__title">
          <Trans>On this page</Trans>
        </h2>
        <ul>
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{t(label)}</a>
            </li>
          ))}
        </ul>
      </nav>

      <Section id="pre-sailing" title={t`Pre-sailing checks`}>
        <p>
          <Trans>
            Most emergencies at sea start as small problems ashore: a forecast not checked, a fuel filter not changed, a crew member nobody briefed. Work through these before every
            passage, not only the first.
          </Trans>
        </p>
        <h3>
          <Trans>Passage plan</Trans>
        </h3>
        <Checklist
          items={[
            t`Forecast checked for the whole passage and the day after, from at least two sources`,
            t`Tidal heights and streams worked out; tidal gates, races and wind-against-tide areas marked`,
            t`Route, waypoints, hazards, traffic separation schemes and ports of refuge on paper and in the plotter`,
            t`Time of sunset and how much of the passage will be at night`,
            t`Passage plan, crew list and expected arrival left with someone ashore, with a time to raise the alarm`,
          ]}
        />
        <h3>
          <Trans>The boat</Trans>
        </h3>
        <Checklist
          items={[
            t`Engine: oil, coolant, drive belt, raw-water strainer; fuel for the passage plus a good reserve`,
            t`Bilges dry; manual and electric bilge pumps tested`,
            t`Rigging walked round: split pins, shackles moused, no chafe on sheets and halyards, reefing lines rove`,
            t`Navigation lights, VHF with DSC, AIS and instruments working; batteries charged`,
            t`Gas turned off at the bottle when not cooking; gas alarm tested`,
            t`Seacocks known and working; a softwood bung tied beside each`,
            t`Hatches and lockers secured; anchor ready to let go`,
          ]}
        />
        <h3>
          <Trans>The crew</Trans>
        </h3>
        <Checklist
          items={[
            t`Everyone has a lifejacket that fits, adjusted and with its crotch strap done up`,
            t`Everyone has been briefed (see below), including anyone joining at an intermediate port`,
            t`Watch system agreed; everyone rested before a night passage`,
            t`Medical conditions and medication known to the skipper`,
            t`Passage logged with the RYA SafeTrx app (UK) or a trusted contact ashore`,
          ]}
        />
      </Section>

      <Section id="equipment" title={t`Safety equipment`}>
        <p>
          <Trans>What a yacht should carry depends on where it sails. Check these, and ask the skipper before you join if anything is missing.</Trans>
        </p>
        <dl className="safety-list">
          <dt>
            <Trans>Lifejackets</Trans>
          </dt>
          <dd>
            <Trans>One per person, serviced, with crotch strap, light and spray hood. Check the gas cylinder is screwed in and the indicator is green.</Trans>
          </dd>
          <dt>
            <Trans>Jackstays and tethers</Trans>
          </dt>
          <dd>
            <Trans>Jackstays rigged from bow to stern, and a tether per person. Clip on before you leave the cockpit, at night and in rough weather.</Trans>
          </dd>
          <dt>
            <Trans>VHF radio with DSC</Trans>
          </dt>
          <dd>
            <Trans>A fixed set with an MMSI registered to the boat, plus a waterproof handheld as a backup and for the liferaft.</Trans>
          </dd>
          <dt>
            <Trans>Man-overboard recovery</Trans>
          </dt>
          <dd>
            <Trans>A danbuoy, horseshoe buoy or lifesling ready to throw from the cockpit, a throwing line, and a way to lift a person back aboard.</Trans>
          </dd>
          <dt>
            <Trans>Flares</Trans>
          </dt>
          <dd>
            <Trans>In date: red handhelds, orange smoke and parachute rockets, in a waterproof container.</Trans>
          </dd>
          <dt>
            <Trans>Fire</Trans>
          </dt>
          <dd>
            <Trans>Extinguishers near the galley, engine and cabins, and a fire blanket by the stove.</Trans>
          </dd>
          <dt>
            <Trans>First aid kit</Trans>
          </dt>
          <dd>
            <Trans>Suited to the passage and checked for expiry dates; see the medical kit guide below.</Trans>
          </dd>
          <dt>
            <Trans>Offshore</Trans>
          </dt>
          <dd>
            <Trans>
              A serviced liferaft for everyone aboard, an EPIRB (and ideally a personal locator beacon for each crew member) registered with the UK Beacon Registry or the flag
              state, and a grab bag with a handheld VHF, water, torch and flares.
            </Trans>
          </dd>
          <dt>
            <Trans>Everything else</Trans>
          </dt>
          <dd>
            <Trans>Radar reflector, foghorn, torches, a bucket, softwood bungs, a bolt cropper or cutters for the rigging, and a spare anchor.</Trans>
          </dd>
        </dl>
      </Section>

      <Section id="briefing" title={t`Crew briefing checklist`}>
        <p>
          <Trans>
            The skipper briefs every crew member before departure, and again for anyone joining mid-voyage. As crew, if you have not been briefed on something here, ask: it is your
            right and good seamanship.
          </Trans>
        </p>
        <Checklist
          items={[
            t`Lifejackets: fitting, when to wear them, how they inflate and how to use the crotch strap and spray hood`,
            t`Clipping on: jackstays, strong points, when tethers are required`,
            t`Where the liferaft, grab bag, flares, EPIRB, fire extinguishers, fire blanket and first aid kit are, and how to use them`,
            t`How to send a DSC distress alert and a MAYDAY on the VHF, and where the boat’s position is displayed`,
            t`Man-overboard drill: who throws the buoy, who points, who presses MOB, how the boat will turn back`,
            t`Engine: starting and stopping, and the fuel shut-off`,
            t`Gas and stove: turning the gas on and off at the bottle, and the gas alarm`,
            t`Seacocks and heads: how to use them without flooding the boat`,
            t`Moving about: one hand for yourself and one for the boat; keep clear of the boom, sheets and winches`,
            t`Watch system, and when to wake the skipper (any doubt, ships closing, wind rising)`,
            t`Seasickness: tell someone early; never be alone on deck when you are ill`,
          ]}
        />
      </Section>

      <Section id="contacts" title={t`Emergency contacts`}>
        <dl className="safety-list">
          <dt>
            <Trans>At sea, any waters</Trans>
          </dt>
          <dd>
            <Trans>
              DSC distress alert, then MAYDAY on VHF channel 16. Channel 16 is monitored by coastguards and by ships. In UK waters HM Coastguard answers and coordinates the RNLI
              and other rescue services; abroad, the local Maritime Rescue Coordination Centre (MRCC) does.
            </Trans>
          </dd>
          <dt>
            <Trans>From a phone in the UK</Trans>
          </dt>
          <dd>
            <Trans>Dial 999 or 112 and ask for the Coastguard.</Trans>
          </dd>
          <dt>
            <Trans>From a phone abroad</Trans>
          </dt>
          <dd>
            <Trans>
              112 works across the EU and in many other countries; ask for maritime rescue. Before sailing abroad, note the local MRCC and its number in your passage plan. A VHF
              call reaches nearby vessels as well, which a phone call does not.
            </Trans>
          </dd>
          <dt>
            <Trans>Medical advice at sea</Trans>
          </dt>
          <dd>
            <Trans>Call the Coastguard on channel 16 (a PAN-PAN call if it is urgent) and ask for medical advice; they will put you through to a doctor.</Trans>
          </dd>
          <dt>
            <Trans>Someone ashore</Trans>
          </dt>
          <dd>
            <Trans>
              A friend or relative with your passage plan, who knows to call 999 and ask for the Coastguard if you are overdue. The RYA SafeTrx app tracks your passage, alerts your
              emergency contact if you are overdue, and its details can be seen by HM Coastguard.
            </Trans>
          </dd>
          <dt>
            <Trans>Crew Finder safety team</Trans>
          </dt>
          <dd>
            <Trans>
              <a href={`mailto:${safety}`}>{safety}</a> for concerns about a voyage or a member. We are not an emergency service.
            </Trans>
          </dd>
        </dl>
      </Section>

      <Section id="mayday" title={t`MAYDAY procedure`}>
        <p>
          <Trans>
            MAYDAY is for <strong>grave and imminent danger</strong> to the vessel or a person: sinking, fire out of control, a person overboard who is not recovered at once, a
            life-threatening injury. If in doubt, call: the Coastguard would much rather stand a lifeboat down than launch it late.
          </Trans>
        </p>
        <h3>
          <Trans>1. Send a DSC distress alert</Trans>
        </h3>
        <p>
          <Trans>
            Lift the cover of the red DISTRESS button and hold it for 5 seconds (if there is time, select the nature of distress first). The alert carries the boat’s MMSI and GPS
            position. The radio switches to channel 16.
          </Trans>
        </p>
        <h3>
          <Trans>2. Make the voice call on channel 16</Trans>
        </h3>
        <p>
          <Trans>Check the set is on high power, press the transmit button and speak slowly and clearly:</Trans>
        </p>
        <ol className="script" aria-label={t`MAYDAY call`}>
          <li>
            <Trans>MAYDAY, MAYDAY, MAYDAY</Trans>
          </li>
          <li>
            <Trans>This is [boat name, boat name, boat name], call sign [spelled phonetically], MMSI [number]</Trans>
          </li>
          <li>
            <Trans>MAYDAY [boat name], call sign [call sign], MMSI [number]</Trans>
          </li>
          <li>
            <Trans>My position is [latitude and longitude, or bearing and distance from a charted point]</Trans>
          </li>
          <li>
            <Trans>[Nature of distress: sinking, on fire, person overboard…]</Trans>
          </li>
          <li>
            <Trans>I require immediate assistance</Trans>
          </li>
          <li>
            <Trans>[Number] persons on board</Trans>
          </li>
          <li>
            <Trans>[Any other useful information: abandoning to the liferaft, description of the boat, flares available]</Trans>
          </li>
          <li>
            <Trans>Over</Trans>
          </li>
        </ol>
        <p className="safety-tip">
          <Trans>
            The order spells <strong>MIPDANIO</strong>: Mayday, Identify, Position, Distress, Assistance, Number, Information, Over. The script is printed next to the VHF on many
            boats; if it is not on yours, print our emergency procedures sheet.
          </Trans>
        </p>
        <details className="safety-example">
          <summary>
            <Trans>Read an example call</Trans>
          </summary>
          <p>
            <Trans>
              “MAYDAY, MAYDAY, MAYDAY. This is yacht Blue Heron, Blue Heron, Blue Heron, call sign Mike Alpha Bravo Charlie Seven, MMSI 235 012 345. MAYDAY Blue Heron, call sign
              Mike Alpha Bravo Charlie Seven, MMSI 235 012 345. My position is 180 degrees from Anvil Point lighthouse, 3 miles. We are holed and sinking. I require immediate
              assistance. Four persons on board. We are preparing to abandon to the liferaft. Over.”
            </Trans>
          </p>
        </details>
        <h3>
          <Trans>3. Wait, then repeat</Trans>
        </h3>
        <p>
          <Trans>
            Listen for an acknowledgement. If none comes within a minute or so, repeat the call. Once acknowledged, keep listening on channel 16, follow instructions, and let off
            flares only when rescuers are in sight or ask for them.
          </Trans>
        </p>
        <h3>
          <Trans>PAN-PAN and false alerts</Trans>
        </h3>
        <p>
          <Trans>
            For an urgent situation that is not yet life-threatening (engine failure drifting towards rocks, a crew member needing medical advice) use <strong>PAN-PAN</strong>{' '}
            three times, “all stations” three times, then the same format. If you send a distress alert by mistake, do not switch off: cancel it by voice on channel 16 with “All
            stations, all stations, all stations, this is [name, call sign, MMSI], cancel my distress alert of [time]”.
          </Trans>
        </p>
      </Section>

      <Section id="man-overboard" title={t`Man-overboard procedure`}>
        <p>
          <Trans>Cold water, waves and a moving boat make every second count. Practise this drill with a fender and a bucket in calm water before you need it.</Trans>
        </p>
        <ol className="procedure">
          <li>
            <Trans>
              <strong>Shout “Man overboard!”</strong> and which side. One crew member points at the person and does nothing else until they are back aboard.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Throw</strong> the danbuoy, horseshoe buoy or lifesling immediately: it gives the person something to hold and you something to see.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Mark the position:</strong> press MOB on the plotter or GPS and note the time.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Raise the alarm:</strong> send a DSC distress alert and MAYDAY unless the person is back aboard within moments.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Turn back under control:</strong> a quick-stop or heave-to under sail, or start the engine only once you are sure no lines are in the water.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Approach slowly from downwind,</strong> so the boat stops beside the person rather than drifting onto them. Engine in neutral when close: never let a turning
              propeller near someone in the water.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Attach a line first, then recover</strong> with the lifesling, a halyard and harness, or the boarding ladder. Lift someone who has been in the water for a
              while as horizontally as you can.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Treat for cold shock and hypothermia:</strong> shelter, remove wet clothes, dry and insulate, and get medical advice through the Coastguard.
            </Trans>
          </li>
        </ol>
        <p className="safety-tip">
          <Trans>Prevention is far easier than recovery: clip on at night, in rough weather and when alone on deck, and never relieve yourself over the side.</Trans>
        </p>
      </Section>

      <Section id="health" title={t`Health`}>
        <dl className="safety-list">
          <dt>
            <Trans>Seasickness</Trans>
          </dt>
          <dd>
            <Trans>
              Take tablets before you sail: some need hours to work and most cause drowsiness, so try them ashore first. Stay on deck in the fresh air, look at the horizon, take
              the helm, keep warm, and eat plain food and sip water little and often. Avoid reading or cooking below. Tell someone early, and clip on: a seasick crew member must
              never be alone on deck.
            </Trans>
          </dd>
          <dt>
            <Trans>Hydration</Trans>
          </dt>
          <dd>
            <Trans>
              Drink at least 2 litres a day, more in heat or when seasick, even when you are cold and do not feel thirsty. Dark urine and a headache mean drink more. No alcohol
              under way.
            </Trans>
          </dd>
          <dt>
            <Trans>Sun</Trans>
          </dt>
          <dd>
            <Trans>
              Reflection off the water and the breeze make sunburn easy to miss. Use high-factor sunscreen and reapply it, and wear a hat and sunglasses on cords and light long
              sleeves. Headache, nausea and dizziness in heat can be heat exhaustion: shade, rest and water.
            </Trans>
          </dd>
          <dt>
            <Trans>Cold water shock</Trans>
          </dt>
          <dd>
            <Trans>
              Around the UK the sea is below 15 °C for most of the year. Falling in makes you gasp and breathe fast for about a minute, and that is when people drown. If you fall
              in: do not thrash or try to swim; lean back, spread your arms and legs and float until your breathing settles (the RNLI’s “Float to Live”). A lifejacket with a spray
              hood keeps your airway clear.
            </Trans>
          </dd>
          <dt>
            <Trans>Hypothermia</Trans>
          </dt>
          <dd>
            <Trans>
              It creeps up on a long, wet night watch too. Warning signs are the “umbles”: stumbles, mumbles, fumbles and grumbles. Get the person out of the wind, replace wet
              clothes with dry layers, insulate them (sleeping bag, foil blanket), give warm sweet drinks only if they are fully alert, and no alcohol. Handle them gently and get
              medical advice if they are confused or drowsy.
            </Trans>
          </dd>
          <dt>
            <Trans>Fatigue</Trans>
          </dt>
          <dd>
            <Trans>Keep to the watch system and rest off watch even if you cannot sleep. Tired crew make mistakes and feel the cold and seasickness more.</Trans>
          </dd>
          <dt>
            <Trans>Medication and conditions</Trans>
          </dt>
          <dd>
            <Trans>
              Bring your own medication for the whole voyage plus spares for delays, in your hand luggage. Tell the skipper privately about any condition, such as diabetes,
              epilepsy, heart problems or serious allergies, and where your medication is.
            </Trans>
          </dd>
          <dt>
            <Trans>Injuries</Trans>
          </dt>
          <dd>
            <Trans>
              One hand for yourself and one for the boat. Keep fingers clear of winches and cleats, duck and stay low when the boat tacks or gybes, and wear shoes on deck.
            </Trans>
          </dd>
        </dl>
      </Section>

      <Section id="weather" title={t`Weather`}>
        <h3>
          <Trans>Where to get a forecast</Trans>
        </h3>
        <ul>
          <li>
            <Trans>
              <strong>Shipping Forecast</strong> from the Met Office, broadcast on BBC Radio 4 and published online, for the sea areas around the British Isles.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Inshore Waters forecast</strong> from the Met Office, for coastal waters up to 12 miles offshore: the most useful one for coastal passages.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Coastguard broadcasts:</strong> HM Coastguard announces Maritime Safety Information, including forecasts and gale warnings, on VHF channel 16 and reads it on
              a working channel. NAVTEX receivers print the same warnings.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Weather apps and models</strong> are useful for timing, but compare them with the official forecasts; they often underestimate gusts around headlands and in
              showers.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            Forecasts give the mean wind: gusts can be a third or more stronger. Gale warnings say when: “imminent” means within 6 hours, “soon” 6 to 12 hours, “later” more than 12
            hours.
          </Trans>
        </p>
        <h3>
          <Trans>The Beaufort scale</Trans>
        </h3>
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="beaufort-caption">
          <table className="beaufort">
            <caption id="beaufort-caption">
              <Trans>The Beaufort wind scale, and what it means aboard a 10 to 12 metre cruising yacht</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Force</Trans>
                </th>
                <th scope="col">
                  <Trans>Description</Trans>
                </th>
                <th scope="col">
                  <Trans>Wind (knots)</Trans>
                </th>
                <th scope="col">
                  <Trans>Sea</Trans>
                </th>
                <th scope="col">
                  <Trans>Aboard</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {BEAUFORT.map(([force, name, knots, sea, aboard]) => (
                <tr key={force}>
                  <th scope="row">{force}</th>
                  <td>{t(name)}</td>
                  <td>{typeof knots === 'string' ? knots : t(knots)}</td>
                  <td>{t(sea)}</td>
                  <td>{t(aboard)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3>
          <Trans>Go or no-go</Trans>
        </h3>
        <p>
          <Trans>Before leaving, the skipper decides; crew should feel free to ask. If the honest answer to any of these is no, wait:</Trans>
        </p>
        <ul className="go-no-go">
          <li>
            <Trans>Is the forecast wind, including gusts, within what the boat and the least experienced crew member can handle?</Trans>
          </li>
          <li>
            <Trans>Will you avoid wind against tide at headlands, tidal races and harbour entrances, where seas become steep and breaking?</Trans>
          </li>
          <li>
            <Trans>Is visibility forecast to be good enough for the traffic and hazards on the route?</Trans>
          </li>
          <li>
            <Trans>Is everyone fit, rested and well before departure?</Trans>
          </li>
          <li>
            <Trans>Is there a plan B harbour, and time in hand before dark or before the weather changes?</Trans>
          </li>
        </ul>
        <p className="safety-tip">
          <Trans>A delay costs time. Going out in the wrong weather can cost far more. Nobody regrets a day in port.</Trans>
        </p>
      </Section>

      <Section id="platform" title={t`How Crew Finder helps keep you safe`}>
        <ul>
          <li>
            <Trans>
              <strong>Trust levels:</strong> each profile shows the checks a member has passed (a confirmed email address, a phone number verified by a text message code, a photo,
              an emergency contact, their experience written or in the verified sailing log, an identity checked by our team) as points out of 6; only a member whose identity our
              team has checked is shown as Verified.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Reviews:</strong> after each completed voyage skipper and crew review each other. Reviews are double-blind, so they are honest.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Messages about real voyages:</strong> conversations are tied to a voyage you have in common; you can block a member and report a message.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Meet before you sail:</strong> talk by phone or video, then meet in a public place or at the marina. A short day sail together before a long passage tells
              both sides a lot.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Share your voyage plan with someone ashore:</strong> the boat’s name, the skipper’s name and phone number, your route and expected arrival, and when to raise
              the alarm.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Keep money simple:</strong> contributions are arranged directly between skipper and crew. Agree them in writing, and be wary of anyone asking for a large
              deposit before you have met.
            </Trans>
          </li>
        </ul>
        <div className="card safety-report">
          <h3>
            <Trans>Report a safety concern</Trans>
          </h3>
          <p>
            <Trans>
              If something about a voyage, a boat or a member worries you, email <a href={`mailto:${safety}?subject=${concernSubject}`}>{safety}</a> with the voyage, the people
              involved and what happened. We read every report. In an emergency, call the Coastguard or the police first.
            </Trans>
          </p>
        </div>
      </Section>

      <Section id="downloads" title={t`Printable checklists`}>
        <p>
          <Trans>Print these and keep them aboard: in the chart table, by the VHF and with the first aid kit.</Trans>
        </p>
        {!english && (
          <p className="safety-tip">
            <Trans>The printable sheets themselves are in English: keep this page at hand if you would like the advice in your language.</Trans>
          </p>
        )}
        <ul className="cards cards--three downloads">
          {SAFETY_DOWNLOADS.map((download) => {
            const name = t(download.inSentence);
            const href = `/downloads/${download.file}`;
            // The sheets are English; a reader in another language is told so by the link and saves it under a name in their language.
            const sheet: { download: string; hrefLang?: string } = english ? { download: download.file } : { download: `${t(download.savedAs)}.html`, hrefLang: 'en' };
            return (
              <li key={download.file} className="card download">
                <h3>{t(download.title)}</h3>
                <p>{t(download.text)}</p>
                <p className="actions">
                  <a className="button button--primary" href={href} {...sheet}>
                    <Trans>
                      Download<span className="visually-hidden"> {name}</span>
                    </Trans>
                  </a>
                  <a className="button button--secondary" href={href} target="_blank" rel="noopener" hrefLang={sheet.hrefLang}>
                    <Trans>
                      Open to print<span className="visually-hidden"> {name} (opens in a new tab)</span>
                    </Trans>
                  </a>
                </p>
              </li>
            );
          })}
        </ul>
      </Section>

      <p className="safety-disclaimer">
        <Trans>
          This guide is general advice, not a substitute for training, the skipper’s judgement or official sources. More questions? See the <Link to="/help">Help Centre</Link> or
          the <Link to="/help/getting-started">getting started guide</Link>.
        </Trans>
      </p>
    </div>
  );
}
