/**
 * The Help centre's first articles: the questions and answers the site shipped
 * with, written into the knowledge base once by its migration. From then on
 * administrators edit them in Support → Knowledge Base. A body may hold a
 * placeholder that the Help centre fills from the live configuration when it
 * is read (`{{crew_access}}`, `{{crew_subscription}}`: see kb-read-model.ts).
 */
export interface SeedArticle {
  readonly slug: string;
  readonly category: string;
  readonly title: string;
  readonly body: string;
}

export const SEED_CATEGORIES: readonly string[] = ['Account', 'Voyages', 'Applications', 'Safety', 'Technical', 'Payment'];

export const SEED_ARTICLES: readonly SeedArticle[] = [
  {
    slug: 'what-is-crew-finder',
    category: 'Account',
    title: 'What is Crew Finder?',
    body: 'Crew Finder connects skippers who need crew with sailors who want to get on the water. Skippers publish voyages as a route of port-to-port legs (segments); crew browse them on a map or in a list and apply for the whole voyage or only the legs that fit their plans.\n\nAfter a voyage, skipper and crew rate and review each other, so every passage adds to the trust members can see on each other’s profiles.',
  },
  {
    slug: 'account-types',
    category: 'Account',
    title: 'Should I register as crew or as a skipper? Can I change later?',
    body: 'Register as Crew if you want to browse voyages, apply and message skippers. Register as Skipper if you own or run a boat and want to publish voyages, add boat details and review applications. Skipper accounts are free. A Skipper account cannot apply to voyages and a Crew account cannot create them.\n\nIf you want to do both, switch your account to Skipper & Crew: from your [profile](/profile), or from a voyage page when you apply with a Skipper account. Everything you have stays: voyages, boats, applications and reviews. As Skipper & Crew, applying to voyages follows the crew rules, including the crew subscription when it applies. That is the only change of account type, and it is not undone afterwards.',
  },
  {
    slug: 'minimum-age',
    category: 'Account',
    title: 'Is there a minimum age?',
    body: 'Yes. You must be 18 or older to register, apply for a voyage or publish one. Skippers should not take anyone under 18 aboard through Crew Finder.',
  },
  {
    slug: 'verify-email',
    category: 'Account',
    title: 'Why do I need to verify my email address, and what if the email never arrives?',
    body: 'Verifying proves the address is yours, so skippers and crew know they are dealing with a real person and we can reach you about your applications and voyages. After registering, open the link in the verification email we send you.\n\nIf it has not arrived after a few minutes, check your spam or promotions folder, then use "Resend verification email" on the confirmation screen.',
  },
  {
    slug: 'reset-password',
    category: 'Account',
    title: 'I forgot my password. How do I reset it?',
    body: 'Choose "Forgot password?" on the [sign-in page](/login) and enter your email address. If an account exists for it, we send a reset link. The link expires after 1 hour and can be used once.\n\nYour new password follows the same rule as at registration: at least 6 characters, not a repeated character or a keyboard run (like 123456 or qwerty), and not one of the most common passwords. If the link has expired you will see "Invalid or Expired Link"; simply [request a new one](/forgot-password).',
  },
  {
    slug: 'trust-level',
    category: 'Account',
    title: 'What is the trust level on my profile, and how do I raise it?',
    body: 'Your profile shows a trust level with points out of 6, one for each check you pass: your email address confirmed, a clear profile photo, an emergency contact, your sailing experience filled in, a voyage in your verified sailing log (sailed as crew and confirmed, or skippered to completion), and your identity checked by our team. The level reads New member, Email confirmed, Established (4 points or more) or Verified, which only an identity check gives. Identity checks by our team and phone verification are not offered yet, so for now no member can earn the identity point or the Verified level.\n\nComplete profiles with honest experience and skills are chosen far more often. Fill them in from your [profile](/profile).',
  },
  {
    slug: 'contact-support',
    category: 'Account',
    title: 'How do I contact support?',
    body: 'Email [support@crewfinder.app](mailto:support@crewfinder.app). Our support team responds within 24 hours. Write from the email address on your account and, if your question is about a voyage or an application, include its title or link so we can find it quickly.\n\nFor a safety concern about a voyage or a member, write to [safety@crewfinder.app](mailto:safety@crewfinder.app) instead.',
  },
  {
    slug: 'delete-account',
    category: 'Account',
    title: 'How do I delete my account?',
    body: 'Email [support@crewfinder.app](mailto:support@crewfinder.app) from the address on your account and ask us to delete it. We remove your personal data within 30 days, together with your voyages, applications and boats.\n\nIf you are the skipper of an active voyage that has accepted crew, cancel or complete that voyage first so your crew are not left without a boat; we cannot delete the account until then.',
  },
  {
    slug: 'create-voyage',
    category: 'Voyages',
    title: 'How do I create a voyage?',
    body: 'Sign in with a skipper account, add your boat under Profile → My Boats, then open [Create a voyage](/create).\n\nEnter your departure port, destination and any intermediate stops: each leg becomes a segment with its own distance and dates. Then give the voyage a clear title and description, set the dates, the number of crew you need (1 to 20), the experience level and skills you are looking for, and the contribution you ask for. Save a draft at any time, preview the voyage as crew will see it, and publish when you are ready.',
  },
  {
    slug: 'segments',
    category: 'Voyages',
    title: 'What is a voyage segment?',
    body: 'A segment is one port-to-port leg of a voyage, for example Portsmouth to Cherbourg, then Cherbourg to La Coruña. Distances are great-circle distances in nautical miles between the ports, so the miles actually sailed are usually a little longer.\n\nCrew can join a single segment, several, or the whole voyage, which makes a long passage possible for people who cannot take weeks off. Crew changes usually happen in the ports between segments, so plan your travel to and from those ports.',
  },
  {
    slug: 'find-voyage',
    category: 'Voyages',
    title: 'How do I find a voyage that suits me?',
    body: 'Open [Voyages](/voyages) and explore the map to see where boats are sailing, or switch to the list to filter by departure date, duration and contribution. The search box in the header takes a destination such as "Greek Islands" or "Atlantic Crossing".\n\nBefore applying, read the whole listing: the route and dates, the boat, the experience level, the skills the skipper wants, the contribution, and the skipper’s profile and reviews.',
  },
  {
    slug: 'experience-levels',
    category: 'Voyages',
    title: 'What do the experience levels mean?',
    body: 'Beginner: little or no sailing, keen to learn and happy to be told what to do. Intermediate: can helm, trim sails, handle lines when mooring and stand a watch with someone experienced. Advanced: confident in most conditions, at night and on multi-day passages. Expert: skipper-level knowledge, offshore miles and qualifications such as Yachtmaster.\n\nBe honest about your level: the skipper plans watches and safety around it. Many coastal voyages welcome beginners; ocean crossings usually do not.',
  },
  {
    slug: 'voyage-statuses',
    category: 'Voyages',
    title: 'What do the voyage statuses mean?',
    body: 'Planning: the skipper is still preparing the voyage. Active: recruiting crew. Full: every crew place has been filled. In Progress: the boat has sailed. Completed: the voyage is over and reviews open. Cancelled: the voyage will not go ahead.\n\nYou can apply only while a voyage is planning or active and not yet full.',
  },
  {
    slug: 'voyage-cancelled',
    category: 'Voyages',
    title: 'What happens if a skipper cancels a voyage?',
    body: 'Every applicant is told by email and pending applications are closed. Weather, breakdowns and illness do cancel voyages, so agree with the skipper in advance what happens to any contribution you have paid, and book flexible travel or travel insurance that covers sailing.',
  },
  {
    slug: 'what-to-bring',
    category: 'Voyages',
    title: 'What should I bring as crew?',
    body: 'Pack in a soft bag that folds flat; hard suitcases do not fit in lockers. Bring waterproof jacket and trousers, warm layers that are not cotton (fleece or wool), a hat and gloves even in summer, non-marking deck shoes or boots, sailing gloves, sunglasses and a sun hat with retaining cords, high-factor sunscreen, a head torch with a red light for night watches, and seasickness remedies.\n\nAlso bring your passport or ID, your own medication for the whole trip plus a few days’ spare, and your insurance details. Ask the skipper whether the boat provides lifejackets and tethers that fit you, bedding, and what to bring for the galley.',
  },
  {
    slug: 'reviews',
    category: 'Voyages',
    title: 'How do ratings and reviews work?',
    body: 'After a voyage is completed, the skipper and each accepted crew member can review each other once: 1 to 5 stars and at least 20 characters of text.\n\nReviews are double-blind: a review becomes visible when both sides have written theirs, or 14 days after the voyage ends, so nobody can review in retaliation. If a review breaks our rules you can report it and we will look at it.',
  },
  {
    slug: 'how-to-apply',
    category: 'Applications',
    title: 'How do I apply for a whole voyage or just some segments?',
    body: 'Sign in with a crew account, open the voyage and choose Apply. In your message to the skipper (at least 10 characters, but write more), say whether you want the whole voyage or which segments, naming the ports, for example "Cherbourg to La Coruña", and the dates you can make.\n\nA good application also covers your sailing experience, any qualifications, what you can offer aboard (cooking, engine skills, night watches) and why this passage. Complete your profile first: it is the first thing a skipper reads.',
  },
  {
    slug: 'after-applying',
    category: 'Applications',
    title: 'What happens after I apply?',
    body: 'Your application stays pending until the skipper accepts or rejects it. Follow it under [My Applications](/applications), where you can filter by status; the status changes there as soon as the skipper decides.\n\nOnce accepted, message the skipper to agree travel, joining port and time, kit, watch routine and the contribution before you set off.',
  },
  {
    slug: 'withdraw',
    category: 'Applications',
    title: 'Can I withdraw an application, and can I apply again?',
    body: 'Yes. While an application is pending you can withdraw it from your dashboard or My Applications; you are asked to confirm first. A withdrawn applicant may apply again to the same voyage later.\n\nAn application the skipper has rejected is final: you cannot apply to that voyage again, but you are free to apply to any other.',
  },
  {
    slug: 'cannot-apply',
    category: 'Applications',
    title: 'Why can I not apply to a voyage?',
    body: 'A voyage stops taking applications when it is full, in progress, completed or cancelled. You also cannot apply again once the skipper has rejected your application for it, and skipper accounts cannot apply to voyages at all.\n\nIf you are not signed in, the voyage page shows "Login to Apply" instead.',
  },
  {
    slug: 'messaging',
    category: 'Applications',
    title: 'How do I contact a skipper or a crew member?',
    body: 'Use "Message skipper" on the voyage page; skippers can message applicants from their applications. Conversations are always about a voyage you have in common, so nobody can send you unsolicited messages. Your conversations are under Messages, and we email you if a message stays unread.\n\nYou can block a member, which stops messages both ways, and report any message to us.',
  },
  {
    slug: 'review-applications',
    category: 'Applications',
    title: 'As a skipper, how do I choose my crew?',
    body: 'Open the voyage from your dashboard and choose Applications. Each applicant shows their profile, experience and skills. Message them with questions and, before a long or offshore passage, talk by phone or video or go for a day sail together.\n\nAccept or reject each pending application; you are asked to confirm, and the applicant sees your decision straight away. When the accepted crew reach the number you need, the voyage shows as full and takes no more applications.',
  },
  {
    slug: 'safety-first-meeting',
    category: 'Safety',
    title: 'How do I stay safe when meeting a skipper or crew?',
    body: 'Read their profile, trust level and reviews. Talk by phone or video, and meet in a public place or at the marina before you commit to a passage. Be wary of anyone who asks for a large deposit before you have met.\n\nLeave the boat’s name, the skipper’s name, your route and expected arrival with someone ashore, and agree when they should raise the alarm. Trust your instincts: you can always say no, even on the pontoon.',
  },
  {
    slug: 'beginner-safe',
    category: 'Safety',
    title: 'I am a beginner. Is it safe for me to join a voyage?',
    body: 'Yes, if you choose well. Start with coastal day sails or short hops marked for beginners, not an offshore passage. Tell the skipper honestly what you have and have not done, and ask how they brief new crew.\n\nA recognised course such as the RYA Competent Crew (five days aboard a yacht with an instructor) teaches the basics: ropes and knots, helming, sail handling, safety equipment and what to do if someone falls overboard. Read our [safety guide](/help/safety) before you go.',
  },
  {
    slug: 'safety-equipment',
    category: 'Safety',
    title: 'What safety equipment should the boat carry?',
    body: 'At least: a lifejacket with crotch strap and light for everyone aboard, jackstays and tethers for night and rough weather, a VHF radio with DSC, in-date flares, a first aid kit, fire extinguishers and a fire blanket, and a danbuoy, horseshoe buoy or lifesling for recovering someone from the water. Offshore add a serviced liferaft, an EPIRB and a grab bag.\n\nAsk the skipper before you join, and check your lifejacket fits on the first day. Our [safety guide](/help/safety) has printable checklists.',
  },
  {
    slug: 'seasickness',
    category: 'Safety',
    title: 'I get seasick. Should I still sail?',
    body: 'Most sailors feel it at some point and it usually passes within a day or two. Start seasickness tablets before you sail (check the leaflet, as some take hours to work and can make you drowsy), sleep well and avoid alcohol the night before.\n\nAboard, stay on deck in the fresh air, look at the horizon, offer to helm, keep warm, and eat plain food and sip water little and often. Tell the skipper: a seasick crew member must never be alone on deck and should be clipped on. Prolonged vomiting causes dehydration, which is a medical problem.',
  },
  {
    slug: 'safety-report',
    category: 'Safety',
    title: 'How do I report a safety concern?',
    body: 'Email our safety team at [safety@crewfinder.app](mailto:safety@crewfinder.app) with the voyage, the people involved and what happened. You can also report a message or a review directly where you see it.\n\nIn an emergency at sea, call the Coastguard first: a DSC distress alert and MAYDAY on VHF channel 16, or 999 or 112 from a phone. Tell us afterwards.',
  },
  {
    slug: 'browsers',
    category: 'Technical',
    title: 'Which browsers and devices are supported?',
    body: 'Current versions of Chrome, Edge, Firefox and Safari, on desktop, tablet and mobile. Keep your browser up to date for the best experience; very old browsers may not show the map.',
  },
  {
    slug: 'map-not-loading',
    category: 'Technical',
    title: 'The voyage map does not load. What can I do?',
    body: 'Reload the page and check your connection. The detailed map tiles come from the internet; if they are slow or blocked (some content blockers and company networks do this), the map still draws coastlines and countries and you can switch layers with the layer button.\n\nYou can always use List View, which shows the same voyages with filters. If the map still does not work, email support with your browser and device.',
  },
  {
    slug: 'emails-missing',
    category: 'Technical',
    title: 'I am not receiving your emails.',
    body: 'Check the spam or promotions folder and add our address to your contacts. Make sure the email address in your profile is correct. If emails still do not arrive, contact [support@crewfinder.app](mailto:support@crewfinder.app).',
  },
  {
    slug: 'photo-upload',
    category: 'Technical',
    title: 'My profile or boat photo will not upload.',
    body: 'Use a JPG, PNG or GIF image of 5 MB or less. Photos straight from a phone camera are often larger, so crop or resize them first. A clear, recent photo of your face helps skippers and crew recognise you on the pontoon.',
  },
  {
    slug: 'is-it-free',
    category: 'Payment',
    title: 'Is Crew Finder free?',
    body: '{{crew_access}}',
  },
  {
    slug: 'subscription',
    category: 'Payment',
    title: 'How does the crew subscription work?',
    body: '{{crew_subscription}}',
  },
  {
    slug: 'pay-skipper',
    category: 'Payment',
    title: 'Do I pay the skipper through Crew Finder? What do Free, Shared costs and Paid mean?',
    body: 'No. Voyage contributions are arranged directly between skipper and crew and are not handled by Crew Finder. Free means the skipper covers the running costs. Shared costs means crew share the running costs of the voyage, typically food, fuel and marina fees. Paid means you pay the skipper, for example for training or a sailing holiday.\n\nAgree in writing what the contribution covers and what happens if the voyage is shortened or cancelled. If a skipper charges more than a share of costs, ask whether the boat is commercially coded and insured for paying crew.',
  },
];
