/* eslint-disable lingui/no-unlocalized-strings -- The binding legal text, kept in English in every language: the page
   says so in the reader's language above it, and its headings, contents and page title are translated (see LegalDocument). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CONTACT } from '../../../lib/site';

const email = (address: string) => <a href={`mailto:${address}`}>{address}</a>;

/** A table that scrolls sideways on a narrow screen, named for assistive technology in the reader's language. */
function TableRegion({ label, children }: { label: MessageDescriptor; children: ReactNode }) {
  const { _ } = useLingui();
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={_(label)}>
      {children}
    </div>
  );
}

export type PrivacySectionId =
  'who-we-are' | 'age' | 'data-we-collect' | 'purposes' | 'sharing' | 'transfers' | 'cookies' | 'retention' | 'rights' | 'security' | 'changes' | 'contact';

/** The introduction, before the contents. */
export const PRIVACY_INTRO = (
  <p>
    This policy explains what personal data Crew Finder collects when you use the site, why we use it, who can see it, how long we keep it and what rights you have. We collect only
    what we need to connect skippers and crew safely, and we do not sell personal data.
  </p>
);

/** Each section's text, under the heading the page gives it in the reader's language. */
export const PRIVACY_TEXT: Record<PrivacySectionId, ReactNode> = {
  'who-we-are': (
    <p>Crew Finder is the controller of the personal data described here. For anything about your data, write to our data protection contact at {email(CONTACT.dataProtection)}.</p>
  ),
  age: (
    <p>
      Crew Finder is only for people aged 18 or older. We do not knowingly collect data about anyone younger; if you believe a child has registered, tell us and we will delete the
      account.
    </p>
  ),
  'data-we-collect': (
    <ul>
      <li>
        <strong>Account data:</strong> your name, email address, password (stored only as a secure one-way hash), account type, and whether your email address is verified.
      </li>
      <li>
        <strong>Profile data you choose to add:</strong> photo, phone number, sailing experience, qualifications, skills, crew expectations, and your boats with their photos and
        details.
      </li>
      <li>
        <strong>Safety data:</strong> your emergency contact’s name, relationship, phone number and email address.
      </li>
      <li>
        <strong>Activity:</strong> voyages you publish, applications and their messages, conversations, ratings and reviews, reports and blocks, and support requests.
      </li>
      <li>
        <strong>Subscription data:</strong> subscription status, start and end dates, and the customer reference our payment provider gives us. Your card details are handled by the
        payment provider and never reach us.
      </li>
      <li>
        <strong>Technical data:</strong> IP address, browser and device information and server logs, used to run and secure the service; and, only if you consent, records of the
        pages you view.
      </li>
    </ul>
  ),
  purposes: (
    <TableRegion label={msg`Purposes and legal bases`}>
      <table className="legal-table">
        <thead>
          <tr>
            <th scope="col">Purpose</th>
            <th scope="col">Legal basis</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Creating and running your account; publishing voyages, sending applications and messages, showing reviews</td>
            <td>Performance of our contract with you</td>
          </tr>
          <tr>
            <td>Sending the emails the service needs: verification, password reset, application and voyage updates, unread messages</td>
            <td>Performance of our contract with you</td>
          </tr>
          <tr>
            <td>Taking subscription payments and keeping accounting records</td>
            <td>Performance of our contract; legal obligation</td>
          </tr>
          <tr>
            <td>Keeping members safe: verification, trust levels, handling reports, preventing fraud, abuse and misuse, securing accounts</td>
            <td>Our legitimate interests in a safe, trustworthy service</td>
          </tr>
          <tr>
            <td>Holding your emergency contact, and passing it to rescue services if your life may be at risk</td>
            <td>Performance of our contract; vital interests</td>
          </tr>
          <tr>
            <td>Analytics about how the site is used, to improve it</td>
            <td>Your consent, which you can withdraw at any time</td>
          </tr>
          <tr>
            <td>Marketing</td>
            <td>Your consent, which you can withdraw at any time</td>
          </tr>
          <tr>
            <td>Answering legal requests and defending legal claims</td>
            <td>Legal obligation; our legitimate interests</td>
          </tr>
        </tbody>
      </table>
    </TableRegion>
  ),
  sharing: (
    <ul>
      <li>
        <strong>Other members</strong> see your public profile: name, photo, account type, when you joined, verification level, sailing experience, rating, reviews and voyage
        counts. They never see your phone number or emergency contact unless you share them yourself.
      </li>
      <li>
        <strong>Skippers you apply to</strong> see your application and message, your profile, experience and skills, and your email address so they can contact you. Crew see the
        public profile of the skipper of a voyage.
      </li>
      <li>
        <strong>Service providers</strong> who process data for us under contract: hosting, email delivery and card payments. They may use it only to provide their service to us.
      </li>
      <li>
        <strong>Authorities and rescue services</strong>, when the law requires it or when someone’s life may be at risk.
      </li>
    </ul>
  ),
  transfers: (
    <p>
      Some of our service providers may process data outside the UK. When they do, we make sure the transfer is protected, either because the country has UK adequacy regulations or
      by approved contractual safeguards such as the International Data Transfer Agreement.
    </p>
  ),
  cookies: (
    <>
      <p>
        <strong>Essential storage is always on.</strong> It keeps you signed in, remembers your cookie choice, keeps a draft of a voyage you are writing and your recent searches.
        It stays in your browser and is not used to track you.
      </p>
      <p>
        <strong>Analytics and marketing are used only with your consent</strong>, which you give or refuse in the cookie banner (Essential Only, Accept All, or Preferences to
        choose each). Without analytics consent we record no page views. You can change your choice at any time with “Cookie settings” in the footer.
      </p>
      <TableRegion label={msg`Items stored in your browser`}>
        <table className="legal-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Purpose</th>
              <th scope="col">Kept until</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code>crew.access_token</code>
              </td>
              <td>Keeps you signed in (essential)</td>
              <td>You log out or the session expires</td>
            </tr>
            <tr>
              <td>
                <code>crew.cookie_consent</code>
              </td>
              <td>Your cookie choice and when you made it (essential)</td>
              <td>You change it or clear your browser storage</td>
            </tr>
            <tr>
              <td>
                <code>voyage_draft</code>
              </td>
              <td>A voyage you are writing, so it is not lost (essential)</td>
              <td>You publish the voyage or clear the draft</td>
            </tr>
            <tr>
              <td>
                <code>crew.recent_searches</code>
              </td>
              <td>Your last five searches, shown in the search box (essential)</td>
              <td>You clear them or your browser storage</td>
            </tr>
          </tbody>
        </table>
      </TableRegion>
    </>
  ),
  retention: (
    <ul>
      <li>We keep your data while your account is open.</li>
      <li>
        When you ask us to delete your account, we remove your personal data within 30 days, together with your voyages, applications and boats. Reviews you wrote are removed or
        anonymised. What you wrote in our records of voyages and support requests is kept encrypted with a key of your own, and deleting your account destroys that key; backups are
        kept for at most 30 days, so no copy outlives that period.
      </li>
      <li>Payment and accounting records are kept as long as tax law requires, normally six years.</li>
      <li>Security logs are kept for a short period, then deleted.</li>
    </ul>
  ),
  rights: (
    <>
      <p>Under UK data protection law you have the right to:</p>
      <ul>
        <li>get a copy of your personal data;</li>
        <li>have inaccurate data corrected (you can change most of it yourself in your profile);</li>
        <li>have your data deleted;</li>
        <li>restrict or object to how we use it, including objecting to any use based on our legitimate interests;</li>
        <li>receive the data you gave us in a portable format;</li>
        <li>withdraw your consent at any time, without affecting what was done before.</li>
      </ul>
      <p>
        Write to {email(CONTACT.dataProtection)}. We answer within one month. If you are unhappy with our answer you can complain to the Information Commissioner’s Office
        (ico.org.uk, 0303 123 1113).
      </p>
    </>
  ),
  security: (
    <p>
      Data travels encrypted between your browser and our servers. Passwords are stored only as a one-way hash made with a memory-hard algorithm, password reset links expire after
      1 hour and work once, and access to personal data within our team is limited to those who need it.
    </p>
  ),
  changes: <p>If we change this policy in a way that matters, we will tell you by email or on the site before the change applies.</p>,
  contact: (
    <p>
      Data protection enquiries: {email(CONTACT.dataProtection)}. Anything else: {email(CONTACT.support)}. See also our <Link to="/terms-of-service">Terms of Service</Link>.
    </p>
  ),
};
