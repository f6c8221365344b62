import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { usePageMeta } from '../../../lib/page-meta';
import { LegalDocument } from '../components/LegalDocument';
import { PRIVACY_INTRO, PRIVACY_TEXT, type PrivacySectionId } from '../content/privacy-text';
import '../legal.css';

/** The sections in order, with their headings (the text is the binding English one: content/privacy-text.tsx). */
const SECTIONS: readonly { readonly id: PrivacySectionId; readonly title: MessageDescriptor }[] = [
  { id: 'who-we-are', title: msg`Who we are` },
  { id: 'age', title: msg`Minimum age` },
  { id: 'data-we-collect', title: msg`Data we collect` },
  { id: 'purposes', title: msg`Why we use it, and our legal bases (UK GDPR)` },
  { id: 'sharing', title: msg`Who sees your data` },
  { id: 'transfers', title: msg`International transfers` },
  { id: 'cookies', title: msg`Cookies and local storage` },
  { id: 'retention', title: msg`How long we keep it` },
  { id: 'rights', title: msg`Your rights` },
  { id: 'security', title: msg`Security` },
  { id: 'changes', title: msg`Changes to this policy` },
  { id: 'contact', title: msg`Contact` },
];

export function PrivacyPage() {
  const { t } = useLingui();
  const title = t`Privacy Policy`;
  usePageMeta(title, t`How Crew Finder collects, uses, keeps and protects your personal data, the cookies it uses, and your rights under UK GDPR.`);
  return <LegalDocument title={title} intro={PRIVACY_INTRO} sections={SECTIONS.map(({ id, title: heading }) => ({ id, title: t(heading), body: PRIVACY_TEXT[id] }))} />;
}
