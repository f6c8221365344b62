import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { usePageMeta } from '../../../lib/page-meta';
import { LegalDocument } from '../components/LegalDocument';
import { TERMS_INTRO, TERMS_TEXT, type TermsSectionId } from '../content/terms-text';
import '../legal.css';

/** The sections in order, with their headings (the text is the binding English one: content/terms-text.tsx). */
const SECTIONS: readonly { readonly id: TermsSectionId; readonly title: MessageDescriptor }[] = [
  { id: 'eligibility', title: msg`Who may use Crew Finder` },
  { id: 'accounts', title: msg`Your account` },
  { id: 'subscription', title: msg`Crew subscription` },
  { id: 'voyages', title: msg`Voyages and contributions` },
  { id: 'safety', title: msg`Safety and responsibility` },
  { id: 'acceptable-use', title: msg`Acceptable use` },
  { id: 'reviews', title: msg`Ratings and reviews` },
  { id: 'liability', title: msg`Our role and liability` },
  { id: 'termination', title: msg`Closing your account, suspension and termination` },
  { id: 'support', title: msg`Support` },
  { id: 'changes', title: msg`Changes to these terms` },
  { id: 'law', title: msg`Governing law` },
  { id: 'contact', title: msg`Contact` },
];

export function TermsPage() {
  const { t } = useLingui();
  const title = t`Terms of Service`;
  usePageMeta(title, t`The terms for using Crew Finder: accounts, the crew subscription, voyages and contributions, safety, acceptable use and liability.`);
  return <LegalDocument title={title} intro={TERMS_INTRO} sections={SECTIONS.map(({ id, title: heading }) => ({ id, title: t(heading), body: TERMS_TEXT[id] }))} />;
}
