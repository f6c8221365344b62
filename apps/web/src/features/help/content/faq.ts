import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CONTACT } from '../../../lib/site';

/**
 * The knowledge base's first categories, in display order, keyed by the names
 * it stores them under, with the names readers see.
 */
const CATEGORY_LABELS = {
  Account: msg`Account`,
  Voyages: msg`Voyages`,
  Applications: msg`Applications`,
  Safety: msg`Safety`,
  Technical: msg`Technical`,
  Payment: msg`Payment`,
} as const satisfies Record<string, MessageDescriptor>;
export type FaqCategory = keyof typeof CATEGORY_LABELS;

/** The built-in categories' stored names, in display order. */
export const FAQ_CATEGORIES = Object.keys(CATEGORY_LABELS) as FaqCategory[];

const isBuiltInCategory = (name: string): name is FaqCategory => Object.hasOwn(CATEGORY_LABELS, name);

/**
 * A category's name in the reader's language (null: every category, "All");
 * a category an administrator added shows as they named it.
 */
export const categoryLabel = (name: string | null, i18n: I18n): string => (name === null ? i18n._(msg`All`) : isBuiltInCategory(name) ? i18n._(CATEGORY_LABELS[name]) : name);

/**
 * One of the Help centre's built-in questions: the articles the knowledge base
 * was seeded with, in every language (BUILT_IN_ARTICLES lists them by
 * category). The answer is Markdown paragraphs, whose only markup is a link:
 * `[label](/path)` or `[label](mailto:address)`.
 */
export interface BuiltInArticle {
  /** The article's slug in the knowledge base (also the accordion's anchor). */
  readonly id: string;
  readonly question: MessageDescriptor;
  readonly answer: readonly MessageDescriptor[];
  /**
   * Fingerprints of the English question and answer the knowledge base serves
   * for this article as seeded. A reader in another language gets the
   * translation only while the article still says that: once an administrator
   * rewrites it, their words show as they wrote them.
   */
  readonly seeded: { readonly question: string; readonly answer: string };
}

/** A short FNV-1a hash of a text (line endings and surrounding space ignored): enough to tell whether it changed. */
export const fingerprint = (text: string): string => {
  let hash = 0x811c9dc5;
  for (const char of text.replace(/\r\n?/g, '\n').trim()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
};

const support = CONTACT.support;
const safety = CONTACT.safety;

export const BUILT_IN_ARTICLES: Record<FaqCategory, readonly BuiltInArticle[]> = {
  Account: [
    {
      id: 'what-is-crew-finder',
      seeded: { question: '1rygrcj', answer: '1i0amck' },
      question: msg`What is Crew Finder?`,
      answer: [
        msg`Crew Finder connects skippers who need crew with sailors who want to get on the water. Skippers publish voyages as a route of port-to-port legs (segments); crew browse them on a map or in a list and apply for the whole voyage or only the legs that fit their plans.`,
        msg`After a voyage, skipper and crew rate and review each other, so every passage adds to the trust members can see on each other’s profiles.`,
      ],
    },
    {
      id: 'account-types',
      seeded: { question: 'l6lgdk', answer: '13a246q' },
      question: msg`Should I register as crew or as a skipper? Can I change later?`,
      answer: [
        msg`Register as Crew if you want to browse voyages, apply and message skippers. Register as Skipper if you own or run a boat and want to publish voyages, add boat details and review applications. Skipper accounts are free. A Skipper account cannot apply to voyages and a Crew account cannot create them.`,
        msg`If you want to do both, switch your account to Skipper & Crew: from your [profile](/profile), or from a voyage page when you apply with a Skipper account. Everything you have stays: voyages, boats, applications and reviews. As Skipper & Crew, applying to voyages follows the crew rules, including the crew subscription when it applies. That is the only change of account type, and it is not undone afterwards.`,
      ],
    },
    {
      id: 'minimum-age',
      seeded: { question: '1a5d3lo', answer: 'y2yte8' },
      question: msg`Is there a minimum age?`,
      answer: [msg`Yes. You must be 18 or older to register, apply for a voyage or publish one. Skippers should not take anyone under 18 aboard through Crew Finder.`],
    },
    {
      id: 'verify-email',
      seeded: { question: '1qu4uh3', answer: '1ayz6j7' },
      question: msg`Why do I need to verify my email address, and what if the email never arrives?`,
      answer: [
        msg`Verifying proves the address is yours, so skippers and crew know they are dealing with a real person and we can reach you about your applications and voyages. After registering, open the link in the verification email we send you.`,
        msg`If it has not arrived after a few minutes, check your spam or promotions folder, then use "Resend verification email" on the confirmation screen.`,
      ],
    },
    {
      id: 'reset-password',
      seeded: { question: '1ywebdn', answer: '8pp5cr' },
      question: msg`I forgot my password. How do I reset it?`,
      answer: [
        msg`Choose "Forgot password?" on the [sign-in page](/login) and enter your email address. If an account exists for it, we send a reset link. The link expires after 1 hour and can be used once.`,
        msg`Your new password follows the same rule as at registration: at least 6 characters, not a repeated character or a keyboard run (like 123456 or qwerty), and not one of the most common passwords. If the link has expired you will see "Invalid or Expired Link"; simply [request a new one](/forgot-password).`,
      ],
    },
    {
      id: 'trust-level',
      seeded: { question: 'xfn6z7', answer: '1pd0s14' },
      question: msg`What is the trust level on my profile, and how do I raise it?`,
      answer: [
        msg`Your profile shows a trust level with points out of 6, one for each check you pass: your email address confirmed, your phone number verified with a code sent to it by text message (where this site sends text messages), a clear profile photo, an emergency contact, your sailing experience (filled in, or a voyage in your verified sailing log: sailed as crew and confirmed, or skippered to completion), and your identity checked by our team. The level reads New member, Email confirmed, Established (4 points or more) or Verified, which only an identity check gives.`,
        msg`Complete profiles with honest experience and skills are chosen far more often. Fill them in from your [profile](/profile).`,
      ],
    },
    {
      id: 'contact-support',
      seeded: { question: '1ctw0bn', answer: 'ujm6l6' },
      question: msg`How do I contact support?`,
      answer: [
        msg`Email [${support}](mailto:${support}). Our support team responds within 24 hours. Write from the email address on your account and, if your question is about a voyage or an application, include its title or link so we can find it quickly.`,
        msg`For a safety concern about a voyage or a member, write to [${safety}](mailto:${safety}) instead.`,
      ],
    },
    {
      id: 'delete-account',
      seeded: { question: '1hc0ncu', answer: '1pe11y5' },
      question: msg`How do I delete my account?`,
      answer: [
        msg`Email [${support}](mailto:${support}) from the address on your account and ask us to delete it. We remove your personal data within 30 days, together with your voyages, applications and boats.`,
        msg`If you are the skipper of an active voyage that has accepted crew, cancel or complete that voyage first so your crew are not left without a boat; we cannot delete the account until then.`,
      ],
    },
  ],
  Voyages: [
    {
      id: 'create-voyage',
      seeded: { question: 'kqgumy', answer: '3qd0ee' },
      question: msg`How do I create a voyage?`,
      answer: [
        msg`Sign in with a skipper account, add your boat under Profile → My Boats, then open [Create a voyage](/create).`,
        msg`Enter your departure port, destination and any intermediate stops: each leg becomes a segment with its own distance and dates. Then give the voyage a clear title and description, set the dates, the number of crew you need (1 to 20), the experience level and skills you are looking for, and the contribution you ask for. Save a draft at any time, preview the voyage as crew will see it, and publish when you are ready.`,
      ],
    },
    {
      id: 'segments',
      seeded: { question: '12kog77', answer: 'h6xe4b' },
      question: msg`What is a voyage segment?`,
      answer: [
        msg`A segment is one port-to-port leg of a voyage, for example Portsmouth to Cherbourg, then Cherbourg to La Coruña. Distances are great-circle distances in nautical miles between the ports, so the miles actually sailed are usually a little longer.`,
        msg`Crew can join a single segment, several, or the whole voyage, which makes a long passage possible for people who cannot take weeks off. Crew changes usually happen in the ports between segments, so plan your travel to and from those ports.`,
      ],
    },
    {
      id: 'find-voyage',
      seeded: { question: '1298byk', answer: '1lrbccj' },
      question: msg`How do I find a voyage that suits me?`,
      answer: [
        msg`Open [Voyages](/voyages) and explore the map to see where boats are sailing, or switch to the list to filter by departure date, duration and contribution. The search box in the header takes a destination such as "Greek Islands" or "Atlantic Crossing".`,
        msg`Before applying, read the whole listing: the route and dates, the boat, the experience level, the skills the skipper wants, the contribution, and the skipper’s profile and reviews.`,
      ],
    },
    {
      id: 'experience-levels',
      seeded: { question: '1rshqtu', answer: '3fdw2v' },
      question: msg`What do the experience levels mean?`,
      answer: [
        msg`Beginner: little or no sailing, keen to learn and happy to be told what to do. Intermediate: can helm, trim sails, handle lines when mooring and stand a watch with someone experienced. Advanced: confident in most conditions, at night and on multi-day passages. Expert: skipper-level knowledge, offshore miles and qualifications such as Yachtmaster.`,
        msg`Be honest about your level: the skipper plans watches and safety around it. Many coastal voyages welcome beginners; ocean crossings usually do not.`,
      ],
    },
    {
      id: 'voyage-statuses',
      seeded: { question: '869ubw', answer: 'qliuqy' },
      question: msg`What do the voyage statuses mean?`,
      answer: [
        msg`Planning: the skipper is still preparing the voyage. Active: recruiting crew. Full: every crew place has been filled. In Progress: the boat has sailed. Completed: the voyage is over and reviews open. Cancelled: the voyage will not go ahead.`,
        msg`You can apply only while a voyage is planning or active and not yet full.`,
      ],
    },
    {
      id: 'voyage-cancelled',
      seeded: { question: '113vcqi', answer: 'zkoj4g' },
      question: msg`What happens if a skipper cancels a voyage?`,
      answer: [
        msg`Every applicant is told by email and pending applications are closed. Weather, breakdowns and illness do cancel voyages, so agree with the skipper in advance what happens to any contribution you have paid, and book flexible travel or travel insurance that covers sailing.`,
      ],
    },
    {
      id: 'what-to-bring',
      seeded: { question: '1rxw1ul', answer: '1stge17' },
      question: msg`What should I bring as crew?`,
      answer: [
        msg`Pack in a soft bag that folds flat; hard suitcases do not fit in lockers. Bring waterproof jacket and trousers, warm layers that are not cotton (fleece or wool), a hat and gloves even in summer, non-marking deck shoes or boots, sailing gloves, sunglasses and a sun hat with retaining cords, high-factor sunscreen, a head torch with a red light for night watches, and seasickness remedies.`,
        msg`Also bring your passport or ID, your own medication for the whole trip plus a few days’ spare, and your insurance details. Ask the skipper whether the boat provides lifejackets and tethers that fit you, bedding, and what to bring for the galley.`,
      ],
    },
    {
      id: 'reviews',
      seeded: { question: 'yof0ne', answer: '1b0iide' },
      question: msg`How do ratings and reviews work?`,
      answer: [
        msg`After a voyage is completed, the skipper and each accepted crew member can review each other once: 1 to 5 stars and at least 20 characters of text.`,
        msg`Reviews are double-blind: a review becomes visible when both sides have written theirs, or 14 days after the voyage ends, so nobody can review in retaliation. If a review breaks our rules you can report it and we will look at it.`,
      ],
    },
  ],
  Applications: [
    {
      id: 'how-to-apply',
      seeded: { question: 'an6so9', answer: 'awxz7x' },
      question: msg`How do I apply for a whole voyage or just some segments?`,
      answer: [
        msg`Sign in with a crew account, open the voyage and choose Apply. In your message to the skipper (at least 10 characters, but write more), say whether you want the whole voyage or which segments, naming the ports, for example "Cherbourg to La Coruña", and the dates you can make.`,
        msg`A good application also covers your sailing experience, any qualifications, what you can offer aboard (cooking, engine skills, night watches) and why this passage. Complete your profile first: it is the first thing a skipper reads.`,
      ],
    },
    {
      id: 'after-applying',
      seeded: { question: 'fb20pk', answer: '3jbu7y' },
      question: msg`What happens after I apply?`,
      answer: [
        msg`Your application stays pending until the skipper accepts or rejects it. Follow it under [My Applications](/applications), where you can filter by status; the status changes there as soon as the skipper decides.`,
        msg`Once accepted, message the skipper to agree travel, joining port and time, kit, watch routine and the contribution before you set off.`,
      ],
    },
    {
      id: 'withdraw',
      seeded: { question: 'ksmfbs', answer: '102znll' },
      question: msg`Can I withdraw an application, and can I apply again?`,
      answer: [
        msg`Yes. While an application is pending you can withdraw it from your dashboard or My Applications; you are asked to confirm first. A withdrawn applicant may apply again to the same voyage later.`,
        msg`An application the skipper has rejected is final: you cannot apply to that voyage again, but you are free to apply to any other.`,
      ],
    },
    {
      id: 'cannot-apply',
      seeded: { question: 'ifl27z', answer: 'ou8zzm' },
      question: msg`Why can I not apply to a voyage?`,
      answer: [
        msg`A voyage stops taking applications when it is full, in progress, completed or cancelled. You also cannot apply again once the skipper has rejected your application for it, and skipper accounts cannot apply to voyages at all.`,
        msg`If you are not signed in, the voyage page shows "Login to Apply" instead.`,
      ],
    },
    {
      id: 'messaging',
      seeded: { question: '17wnu68', answer: '1homo16' },
      question: msg`How do I contact a skipper or a crew member?`,
      answer: [
        msg`Use "Message skipper" on the voyage page; skippers can message applicants from their applications. Conversations are always about a voyage you have in common, so nobody can send you unsolicited messages. Your conversations are under Messages, and we email you if a message stays unread.`,
        msg`You can block a member, which stops messages both ways, and report any message to us.`,
      ],
    },
    {
      id: 'review-applications',
      seeded: { question: '1di2f6z', answer: '8j03sv' },
      question: msg`As a skipper, how do I choose my crew?`,
      answer: [
        msg`Open the voyage from your dashboard and choose Applications. Each applicant shows their profile, experience and skills. Message them with questions and, before a long or offshore passage, talk by phone or video or go for a day sail together.`,
        msg`Accept or reject each pending application; you are asked to confirm, and the applicant sees your decision straight away. When the accepted crew reach the number you need, the voyage shows as full and takes no more applications.`,
      ],
    },
  ],
  Safety: [
    {
      id: 'safety-first-meeting',
      seeded: { question: '1ov1tg4', answer: '12jpp1x' },
      question: msg`How do I stay safe when meeting a skipper or crew?`,
      answer: [
        msg`Read their profile, trust level and reviews. Talk by phone or video, and meet in a public place or at the marina before you commit to a passage. Be wary of anyone who asks for a large deposit before you have met.`,
        msg`Leave the boat’s name, the skipper’s name, your route and expected arrival with someone ashore, and agree when they should raise the alarm. Trust your instincts: you can always say no, even on the pontoon.`,
      ],
    },
    {
      id: 'beginner-safe',
      seeded: { question: 'o7e02e', answer: '1er66v1' },
      question: msg`I am a beginner. Is it safe for me to join a voyage?`,
      answer: [
        msg`Yes, if you choose well. Start with coastal day sails or short hops marked for beginners, not an offshore passage. Tell the skipper honestly what you have and have not done, and ask how they brief new crew.`,
        msg`A recognised course such as the RYA Competent Crew (five days aboard a yacht with an instructor) teaches the basics: ropes and knots, helming, sail handling, safety equipment and what to do if someone falls overboard. Read our [safety guide](/help/safety) before you go.`,
      ],
    },
    {
      id: 'safety-equipment',
      seeded: { question: '1sryqt3', answer: '1fmq237' },
      question: msg`What safety equipment should the boat carry?`,
      answer: [
        msg`At least: a lifejacket with crotch strap and light for everyone aboard, jackstays and tethers for night and rough weather, a VHF radio with DSC, in-date flares, a first aid kit, fire extinguishers and a fire blanket, and a danbuoy, horseshoe buoy or lifesling for recovering someone from the water. Offshore add a serviced liferaft, an EPIRB and a grab bag.`,
        msg`Ask the skipper before you join, and check your lifejacket fits on the first day. Our [safety guide](/help/safety) has printable checklists.`,
      ],
    },
    {
      id: 'seasickness',
      seeded: { question: '1y9fwxb', answer: '1t0c5ze' },
      question: msg`I get seasick. Should I still sail?`,
      answer: [
        msg`Most sailors feel it at some point and it usually passes within a day or two. Start seasickness tablets before you sail (check the leaflet, as some take hours to work and can make you drowsy), sleep well and avoid alcohol the night before.`,
        msg`Aboard, stay on deck in the fresh air, look at the horizon, offer to helm, keep warm, and eat plain food and sip water little and often. Tell the skipper: a seasick crew member must never be alone on deck and should be clipped on. Prolonged vomiting causes dehydration, which is a medical problem.`,
      ],
    },
    {
      id: 'safety-report',
      seeded: { question: 'wf1tx1', answer: 'vzhtsf' },
      question: msg`How do I report a safety concern?`,
      answer: [
        msg`Email our safety team at [${safety}](mailto:${safety}) with the voyage, the people involved and what happened. You can also report a message or a review directly where you see it.`,
        msg`In an emergency at sea, call the Coastguard first: a DSC distress alert and MAYDAY on VHF channel 16, or 999 or 112 from a phone. Tell us afterwards.`,
      ],
    },
  ],
  Technical: [
    {
      id: 'browsers',
      seeded: { question: '10ak1pi', answer: '1ynhp86' },
      question: msg`Which browsers and devices are supported?`,
      answer: [
        msg`Current versions of Chrome, Edge, Firefox and Safari, on desktop, tablet and mobile. Keep your browser up to date for the best experience; very old browsers may not show the map.`,
      ],
    },
    {
      id: 'map-not-loading',
      seeded: { question: '1xz43p4', answer: 'ar428e' },
      question: msg`The voyage map does not load. What can I do?`,
      answer: [
        msg`Reload the page and check your connection. The detailed map tiles come from the internet; if they are slow or blocked (some content blockers and company networks do this), the map still draws coastlines and countries and you can switch layers with the layer button.`,
        msg`You can always use List View, which shows the same voyages with filters. If the map still does not work, email support with your browser and device.`,
      ],
    },
    {
      id: 'emails-missing',
      seeded: { question: '3t5ffd', answer: '1de37ce' },
      question: msg`I am not receiving your emails.`,
      answer: [
        msg`Check the spam or promotions folder and add our address to your contacts. Make sure the email address in your profile is correct. If emails still do not arrive, contact [${support}](mailto:${support}).`,
      ],
    },
    {
      id: 'photo-upload',
      seeded: { question: '1tfmcp5', answer: 'l2bmth' },
      question: msg`My profile or boat photo will not upload.`,
      answer: [
        msg`Use a JPG, PNG or GIF image of 5 MB or less. Photos straight from a phone camera are often larger, so crop or resize them first. A clear, recent photo of your face helps skippers and crew recognise you on the pontoon.`,
      ],
    },
  ],
  Payment: [
    {
      id: 'is-it-free',
      seeded: { question: '9kr8cl', answer: 'nab9fb' },
      question: msg`Is Crew Finder free?`,
      // The knowledge base writes this answer from the configuration (monetizationTerms in the domain): this is what it
      // says with the default one (monetization off, £30 a year). Any other configuration's answer shows as it comes.
      answer: [
        msg`Yes, at the moment. Applying to voyages is free for every crew member, and skipper accounts are always free. Our terms provide for an annual crew subscription of £30 a year; nothing is charged while applying is free, and your [Subscription](/subscription) page always shows whether you need one.`,
      ],
    },
    {
      id: 'subscription',
      seeded: { question: 'mw43f9', answer: '1r8kvwl' },
      question: msg`How does the crew subscription work?`,
      // The knowledge base writes this answer from the configuration (monetizationTerms in the domain): this is what it
      // says with the default one (monetization off, £30 a year). Any other configuration's answer shows as it comes.
      answer: [
        msg`No subscription is needed at the moment: applying to voyages is free. If the crew subscription is introduced, it costs £30 a year. It renews automatically each year; you can cancel at any time before the renewal date and keep access until the end of the year you have paid for. Payments go through our card payment provider, so we never see or store your card details. The subscription only covers using Crew Finder; it is not a payment to any skipper.`,
      ],
    },
    {
      id: 'pay-skipper',
      seeded: { question: 'm2fx4w', answer: '1nth17u' },
      question: msg`Do I pay the skipper through Crew Finder? What do Free, Shared costs and Paid mean?`,
      answer: [
        msg`No. Voyage contributions are arranged directly between skipper and crew and are not handled by Crew Finder. Free means the skipper covers the running costs. Shared costs means crew share the running costs of the voyage, typically food, fuel and marina fees. Paid means you pay the skipper, for example for training or a sailing holiday.`,
        msg`Agree in writing what the contribution covers and what happens if the voyage is shortened or cancelled. If a skipper charges more than a share of costs, ask whether the boat is commercially coded and insured for paying crew.`,
      ],
    },
  ],
};

const BUILT_IN = new Map(Object.values(BUILT_IN_ARTICLES).flatMap((articles) => articles.map((article) => [article.id, article] as const)));

/** What the Help centre shows of an article: the API's fields it reads. */
export interface HelpArticleText {
  readonly slug: string;
  readonly title: string;
  readonly body: string;
}

/**
 * An article of the knowledge base as a reader in the active language sees it:
 * a built-in question still worded as it was seeded comes in their language.
 * The question and the answer are judged apart (an administrator who rewrites
 * only the answer leaves the question translated). Anything else, and
 * everything in English, shows as the knowledge base gives it.
 */
export function inReadersLanguage<T extends HelpArticleText>(article: T, i18n: I18n): T {
  if (i18n.locale === 'en') return article;
  const builtIn = BUILT_IN.get(article.slug);
  if (!builtIn) return article;
  const title = fingerprint(article.title) === builtIn.seeded.question ? i18n._(builtIn.question) : article.title;
  const body = fingerprint(article.body) === builtIn.seeded.answer ? builtIn.answer.map((paragraph) => i18n._(paragraph)).join('\n\n') : article.body;
  return title === article.title && body === article.body ? article : { ...article, title, body };
}
