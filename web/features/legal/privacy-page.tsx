import { LegalDocument } from './legal-document.tsx';
import { useLegalOperator } from './operator.ts';
import { PRIVACY_TITLE, privacyIntro, privacySections } from './privacy-text.tsx';

/** /legal/privacy: the Privacy Policy, 13 sections (spec 1 §9). A chunk of its own, without the Terms' text. */
export function PrivacyPage() {
  const operator = useLegalOperator();
  return <LegalDocument title={PRIVACY_TITLE} intro={privacyIntro(operator)} sections={privacySections(operator)} />;
}
