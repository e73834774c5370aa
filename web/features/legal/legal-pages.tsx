import { LegalDocument } from './legal-document.tsx';
import { useLegalOperator } from './operator.ts';
import { PRIVACY_TITLE, privacyIntro, privacySections } from './privacy-text.tsx';
import { TERMS_TITLE, termsIntro, termsSections } from './terms-text.tsx';

/** /legal/terms: the Terms of Service, 13 sections (spec 1 §9). */
export function TermsPage() {
  const operator = useLegalOperator();
  return <LegalDocument title={TERMS_TITLE} intro={termsIntro(operator)} sections={termsSections(operator)} />;
}

/** /legal/privacy: the Privacy Policy, 13 sections (spec 1 §9). */
export function PrivacyPage() {
  const operator = useLegalOperator();
  return <LegalDocument title={PRIVACY_TITLE} intro={privacyIntro(operator)} sections={privacySections(operator)} />;
}
