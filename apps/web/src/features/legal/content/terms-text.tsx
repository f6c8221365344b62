/* eslint-disable lingui/no-unlocalized-strings -- The binding legal text, kept in English in every language: the page
   says so in the reader's language above it, and its headings, contents and page title are translated (see LegalDocument). */
import type { SubscriptionTerms } from '@crew/contracts';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { subscriptionTermsQueryOptions } from '../../../api/subscription';
import { activeLocale } from '../../../i18n/i18n';
import { formatNumber } from '../../../lib/format';
import { CONTACT } from '../../../lib/site';

const email = (address: string) => <a href={`mailto:${address}`}>{address}</a>;

/**
 * What the crew subscription costs and whether it is required, as configured
 * now (GET /api/subscription/terms): never a price or a "free during the
 * beta" the site does not apply.
 */
/** "£30" or "£29.50", as the Subscription page writes the price: in English, as the text around it. */
const formatPrice = (pounds: number): string => {
  const digits = Number.isInteger(pounds) ? 0 : 2;
  const figure =
    activeLocale() === 'en' ? formatNumber(pounds, digits) : new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(pounds);
  return `£${figure}`;
};

function subscriptionStatement(terms: SubscriptionTerms) {
  const price = <strong>{formatPrice(terms.price_gbp)} per year</strong>;
  const trial = terms.free_trial_days > 0 ? ` New crew accounts can apply free for their first ${terms.free_trial_days} ${terms.free_trial_days === 1 ? 'day' : 'days'}.` : '';
  if (!terms.subscription_required) {
    return (
      <>
        Crew accounts may be asked for a paid annual subscription of {price}, paid by card through our payment provider. At the moment no subscription is required: applying to
        voyages is free for every crew member. We do not see or store your card details.
      </>
    );
  }
  return (
    <>
      Crew accounts require a paid annual subscription of {price} to apply to voyages, paid by card through our payment provider.
      {terms.rollout_percentage < 100 ? ' While it is being introduced, some crew accounts keep free access.' : ''}
      {trial} We do not see or store your card details.
    </>
  );
}

/** The subscription's terms as configured now, read when the page opens. */
function SubscriptionNow() {
  const terms = useQuery(subscriptionTermsQueryOptions());
  return (
    <li data-testid="subscription-terms">
      {terms.data
        ? subscriptionStatement(terms.data)
        : terms.isError
          ? 'Crew accounts may need a paid annual subscription, paid by card through our payment provider; your Subscription page shows its price and whether you need one.'
          : 'Loading the current subscription terms…'}
    </li>
  );
}

export type TermsSectionId =
  'eligibility' | 'accounts' | 'subscription' | 'voyages' | 'safety' | 'acceptable-use' | 'reviews' | 'liability' | 'termination' | 'support' | 'changes' | 'law' | 'contact';

/** The introduction, before the contents. */
export const TERMS_INTRO = (
  <p>
    These terms govern your use of Crew Finder (“we”, “us”), a platform that connects skippers who publish sailing voyages with crew who want to join them. By creating an account
    you accept these terms and our <Link to="/privacy-policy">Privacy Policy</Link>. Please read them: they explain what you can expect from us, and what we and other members
    expect from you.
  </p>
);

/** Each section's text, under the heading the page gives it in the reader's language. */
export const TERMS_TEXT: Record<TermsSectionId, ReactNode> = {
  eligibility: (
    <ul>
      <li>You must be 18 or older and able to enter into a binding contract.</li>
      <li>Your details must be true and kept up to date. Do not register for someone else or under a false identity.</li>
      <li>You must not use Crew Finder if we have previously closed your account for breaking these terms.</li>
    </ul>
  ),
  accounts: (
    <ul>
      <li>
        At registration you choose an account type, crew or skipper. Either can later be switched to Skipper &amp; Crew, which can do both; no other change of account type is
        possible. Skippers may create and manage voyages, add boats and review applications, but cannot apply to voyages. Crew may browse voyages, apply and message skippers, but
        cannot create voyages.
      </li>
      <li>Skipper accounts are free.</li>
      <li>We may ask you to verify your email address before you can use your account.</li>
      <li>Keep your password secret. You are responsible for what is done with your account; tell us at once if you think someone else is using it.</li>
    </ul>
  ),
  subscription: (
    <>
      <ul>
        <SubscriptionNow />
        <li>
          The subscription <strong>renews automatically</strong> every year and the annual price is charged to your card on the renewal date. You can{' '}
          <strong>cancel at any time before the renewal date</strong>; you keep access until the end of the year you have paid for and are not charged again.
        </li>
        <li>
          We may offer a free trial, free access while the subscription is being introduced, or permanent free access to some members. We will tell you before any charge is taken,
          and a free trial never turns into a paid subscription without your agreement.
        </li>
        <li>
          If you subscribe, you may cancel within 14 days of first subscribing and receive a refund, less a proportionate amount for the days you have already used. This does not
          affect your other rights as a consumer.
        </li>
        <li>Prices include VAT where it applies. We will give you at least 30 days’ notice of a price change, which applies from your next renewal.</li>
        <li>The subscription pays for the use of Crew Finder only. It is not a payment to any skipper and does not guarantee a place on any voyage.</li>
      </ul>
    </>
  ),
  voyages: (
    <ul>
      <li>Skippers are responsible for the accuracy of their voyages: route, dates, boat, crew needed, experience asked for and contribution.</li>
      <li>
        <strong>Voyage contributions</strong> (free, shared costs or paid) are <strong>arranged directly between skipper and crew</strong>. Crew Finder does not collect, hold or
        refund them and is not a party to that arrangement. Agree in writing what a contribution covers and what happens if a voyage is shortened or cancelled.
      </li>
      <li>
        Carrying people for payment beyond a genuine sharing of costs can require commercial coding, licences and insurance. Skippers must comply with the law of their flag state
        and of the waters they sail in.
      </li>
      <li>A skipper may cancel a voyage. When a voyage is cancelled, pending applications are closed and applicants are told by email.</li>
      <li>Accepting an application is an arrangement between skipper and crew member. Either may withdraw from it, and should tell the other as early as possible.</li>
    </ul>
  ),
  safety: (
    <>
      <p>Sailing carries real risks, including injury and death. By joining or running a voyage you accept those risks as far as the law allows.</p>
      <ul>
        <li>
          <strong>The skipper is responsible for the vessel</strong>: its seaworthiness, safety equipment, insurance and compliance with the law, the safety briefing, and decisions
          about whether and when to sail, for the safety of everyone aboard.
        </li>
        <li>
          <strong>Crew are responsible for their own fitness</strong>: judging their health, experience and willingness to sail, describing their experience honestly, telling the
          skipper about relevant medical conditions, having suitable insurance, and following the skipper’s safety instructions.
        </li>
        <li>
          Crew Finder does not inspect boats, check qualifications or vet members beyond the checks described on the platform. Trust levels and reviews help you decide; they are
          not a guarantee.
        </li>
      </ul>
      <p>
        Read our <Link to="/help/safety">safety guide</Link> before every voyage, and report safety concerns to {email(CONTACT.safety)}.
      </p>
    </>
  ),
  'acceptable-use': (
    <>
      <p>You must not:</p>
      <ul>
        <li>harass, threaten, abuse or discriminate against anyone, on or off the platform;</li>
        <li>post false, misleading or unlawful content, or content that infringes anyone’s rights;</li>
        <li>send spam, advertising or commercial messages, or use messaging for anything other than voyages you have in common;</li>
        <li>collect other members’ personal data or share it outside Crew Finder without their permission;</li>
        <li>use Crew Finder for anything illegal, including smuggling or the unlawful carriage of people or goods;</li>
        <li>scrape, overload, probe or try to break the service or get around its security or limits.</li>
      </ul>
      <p>You can block a member and report a message, a review or a voyage. We review reports and may remove content or restrict accounts.</p>
    </>
  ),
  reviews: (
    <p>
      After a completed voyage, the skipper and each crew member may review each other once. Reviews become visible when both sides have reviewed or 14 days after the voyage,
      whichever comes first. Reviews must be honest, about the voyage, and free of abuse and of other people’s personal details. We do not edit reviews, but we may hide reviews
      that break these terms.
    </p>
  ),
  liability: (
    <>
      <p>
        Crew Finder is a platform that introduces skippers and crew. We are not a party to any voyage or to any arrangement between members, and we do not operate, charter or crew
        any vessel. We provide the service with reasonable care and skill but cannot promise it will always be available or error-free.
      </p>
      <p>
        To the extent the law allows, we are not liable for what happens on voyages, for the conduct of members, for contributions arranged between members, or for losses that were
        not foreseeable. Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited
        by law, and nothing affects your statutory rights as a consumer.
      </p>
    </>
  ),
  termination: (
    <ul>
      <li>
        You may close your account at any time by writing to {email(CONTACT.support)}. We delete your personal data within 30 days, together with your voyages, applications and
        boats, except records we must keep by law.
      </li>
      <li>If you are the skipper of an active voyage with accepted crew, you must cancel or complete it before your account can be closed.</li>
      <li>
        We may suspend or close an account, or remove a voyage, that breaks these terms or puts others at risk. We will tell you why unless the law or safety prevents us. If we
        close a paid account without fault on your part, we refund the unused part of your subscription.
      </li>
    </ul>
  ),
  support: (
    <p>
      Our support team answers within 24 hours at {email(CONTACT.support)}. Answers to common questions are in the <Link to="/help">Help Centre</Link>.
    </p>
  ),
  changes: (
    <p>
      We may update these terms as the service changes or the law requires. We will tell you about material changes by email before they take effect. If you do not agree, you may
      close your account before then; a paid subscription is refunded for the unused part.
    </p>
  ),
  law: (
    <p>
      These terms are governed by the law of England and Wales, and disputes are decided by its courts. If you live in Scotland or Northern Ireland you may also bring proceedings
      in your local courts, and nothing removes the protection of the consumer law where you live.
    </p>
  ),
  contact: (
    <ul>
      <li>General questions: {email(CONTACT.general)}</li>
      <li>Account and subscription support: {email(CONTACT.support)}</li>
      <li>Safety concerns: {email(CONTACT.safety)}</li>
      <li>Personal data: {email(CONTACT.dataProtection)}</li>
    </ul>
  ),
};
