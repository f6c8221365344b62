import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Tabs } from 'radix-ui';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageMeta } from '../../../lib/page-meta';
import '../help.css';

type Role = 'crew' | 'skipper';

interface Step {
  readonly title: MessageDescriptor;
  readonly text: MessageDescriptor;
  readonly link: { readonly to: string; readonly label: MessageDescriptor };
}

interface Guide {
  readonly label: MessageDescriptor;
  readonly heading: MessageDescriptor;
  readonly intro: MessageDescriptor;
  readonly steps: readonly [Step, Step, Step, Step];
  readonly checklistTitle: MessageDescriptor;
  readonly checklist: readonly MessageDescriptor[];
  readonly next: { readonly to: string; readonly label: MessageDescriptor };
}

const GUIDES: Record<Role, Guide> = {
  crew: {
    label: msg`Crew`,
    heading: msg`Your first voyage as crew`,
    intro: msg`You do not need to own a boat or have years of experience. You need an honest profile, a voyage that matches what you can do, and a good conversation with the skipper.`,
    steps: [
      {
        title: msg`Create your account`,
        text: msg`Register as Crew Member and open the link in the verification email. You must be 18 or over. Choose Crew to apply to voyages; if you later want to skipper too, you can switch the account to Skipper & Crew from your profile.`,
        link: { to: '/register', label: msg`Register` },
      },
      {
        title: msg`Complete your profile and skills`,
        text: msg`Add a clear photo, your years of sailing, the waters you know, any qualifications (RYA Competent Crew, Day Skipper, VHF licence, first aid) and your skills, from helming and night watches to cooking and diesel engines. Add an emergency contact. Skippers choose people they can picture aboard.`,
        link: { to: '/profile', label: msg`Edit your profile` },
      },
      {
        title: msg`Find a voyage`,
        text: msg`Browse the map or the list. Check the route and its segments, the dates, the boat, the experience level, the contribution, and the skipper’s profile and reviews. Beginners do best starting with coastal legs rather than an offshore passage.`,
        link: { to: '/voyages', label: msg`Browse voyages` },
      },
      {
        title: msg`Apply and prepare`,
        text: msg`Apply with a message: which segments you want (or the whole voyage), your experience and why this passage. Once accepted, agree the joining port and time, kit, watch routine and contribution with the skipper, and read the safety guide.`,
        link: { to: '/help/safety', label: msg`Read the safety guide` },
      },
    ],
    checklistTitle: msg`Crew checklist before you travel`,
    checklist: [
      msg`Email verified and a recent profile photo added`,
      msg`Experience, qualifications and skills filled in honestly`,
      msg`Emergency contact added in your profile`,
      msg`Skipper’s profile and reviews read, and a phone or video call held`,
      msg`Contribution agreed in writing, including what happens if the voyage is cut short`,
      msg`Travel to the joining port and home from the leaving port booked flexibly`,
      msg`Travel or personal accident insurance that covers sailing`,
      msg`Kit packed in a soft bag: waterproofs, warm layers, deck shoes, head torch, sunscreen`,
      msg`Own medication and seasickness remedies, with spares for delays`,
      msg`Route, boat name and expected arrival left with someone ashore`,
    ],
    next: { to: '/voyages', label: msg`Browse voyages` },
  },
  skipper: {
    label: msg`Skipper`,
    heading: msg`Your first voyage as skipper`,
    intro: msg`Skipper accounts are free. A clear listing and an honest description of the boat and the sailing attract crew who fit; a good briefing keeps them safe.`,
    steps: [
      {
        title: msg`Create your account`,
        text: msg`Register as Skipper and verify your email address. You can publish voyages, add boats and review applications; skipper accounts cannot apply to other voyages.`,
        link: { to: '/register', label: msg`Register` },
      },
      {
        title: msg`Add your boat`,
        text: msg`Under Profile → My Boats add the boat’s type, make and model, length, berths, heads, home port and a photo. Crew want to know where they will sleep and how the boat is equipped. Set out your crew expectations, such as watch system, galley rota and cost sharing.`,
        link: { to: '/profile', label: msg`Add your boat` },
      },
      {
        title: msg`Publish a voyage with route segments`,
        text: msg`Plan the route from departure to destination with intermediate stops; each leg becomes a segment crew can join. Set the dates, crew needed, experience level, skills and the contribution, preview it and publish.`,
        link: { to: '/create', label: msg`Create a voyage` },
      },
      {
        title: msg`Review applications`,
        text: msg`Read each applicant’s profile, experience and skills, message them with questions, and talk before a long passage. Accept the crew you would trust on a night watch; the voyage shows as full when you have enough.`,
        link: { to: '/dashboard', label: msg`Go to your dashboard` },
      },
    ],
    checklistTitle: msg`Skipper checklist before you sail`,
    checklist: [
      msg`Boat details, photo and safety equipment up to date`,
      msg`Route, dates, crew needed and experience level clear in the listing`,
      msg`Contribution and exactly what it covers stated plainly`,
      msg`Crew expectations set: watch system, galley, costs`,
      msg`Insurance checked for the crew you are taking and the waters you will sail`,
      msg`Lifejackets and tethers that fit every crew member`,
      msg`Safety briefing prepared for the first hour aboard, and for crew joining mid-voyage`,
      msg`Passage plan, crew list and expected arrival left with someone ashore`,
    ],
    next: { to: '/create', label: msg`Create a voyage` },
  },
};

const isRole = (value: string | null): value is Role => value === 'crew' || value === 'skipper';

function Checklist({ title, items }: { title: string; items: readonly string[] }) {
  const { t } = useLingui();
  const id = useId();
  const total = items.length;
  const [done, setDone] = useState<ReadonlySet<number>>(() => new Set());
  const ticked = done.size;
  const toggle = (index: number) =>
    setDone((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <section className="card getting-started__checklist" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="help-count" aria-live="polite">
        {t`${plural(ticked, { other: `# of ${total} done` })}`}
      </p>
      <ul className="tick-list">
        {items.map((item, index) => (
          <li key={index}>
            <label>
              <input type="checkbox" checked={done.has(index)} onChange={() => toggle(index)} />
              <span>{item}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function GettingStartedPage() {
  const { t } = useLingui();
  const title = t`Getting Started`;
  usePageMeta(title, t`Four steps to your first voyage on Crew Finder, for crew and for skippers, with a checklist for each.`);
  const [params, setParams] = useSearchParams();
  const [role, setRole] = useState<Role>(() => {
    const fromUrl = params.get('role');
    return isRole(fromUrl) ? fromUrl : 'crew';
  });

  const choose = (value: string) => {
    if (!isRole(value)) return;
    setRole(value);
    const next = new URLSearchParams(params);
    if (value === 'crew') next.delete('role');
    else next.set('role', value);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="page help-page getting-started">
      <PageHeader title={title} lead={t`Four steps to your first voyage. Choose your role to see the guide for you.`} />
      <Tabs.Root value={role} onValueChange={choose} className="role-tabs">
        <Tabs.List className="role-tabs__list" aria-label={t`Show the guide for`}>
          {(Object.keys(GUIDES) as Role[]).map((key) => (
            <Tabs.Trigger key={key} value={key} className="role-tabs__trigger">
              {t(GUIDES[key].label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(Object.keys(GUIDES) as Role[]).map((key) => {
          const guide = GUIDES[key];
          return (
            <Tabs.Content key={key} value={key} className="role-tabs__panel">
              <h2>{t(guide.heading)}</h2>
              <p className="getting-started__intro">{t(guide.intro)}</p>
              <ol className="steps">
                {guide.steps.map((step, index) => {
                  const number = index + 1;
                  return (
                    <li key={index} className="card step">
                      <span className="step__number" aria-hidden="true">
                        {number}
                      </span>
                      <h3>
                        <span className="visually-hidden">
                          <Trans>Step {number}:</Trans>{' '}
                        </span>
                        {t(step.title)}
                      </h3>
                      <p>{t(step.text)}</p>
                      <Link to={step.link.to} className="step__link">
                        {t(step.link.label)}
                      </Link>
                    </li>
                  );
                })}
              </ol>
              <Checklist title={t(guide.checklistTitle)} items={guide.checklist.map((item) => t(item))} />
              <p className="actions getting-started__actions">
                <Link to="/register" className="button button--primary">
                  <Trans>Create your account</Trans>
                </Link>
                <Link to={guide.next.to} className="button button--secondary">
                  {t(guide.next.label)}
                </Link>
                <Link to="/help" className="button button--secondary">
                  <Trans>Help Centre</Trans>
                </Link>
              </p>
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </div>
  );
}
