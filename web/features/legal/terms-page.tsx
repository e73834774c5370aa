import { LegalDocument } from './legal-document.tsx';
import { useLegalOperator } from './operator.ts';
import { TERMS_TITLE, termsIntro, termsSections } from './terms-text.tsx';

/** /legal/terms: the Terms of Service, 13 sections (spec 1 §9). A chunk of its own, without the Privacy Policy's text. */
export function TermsPage() {
  const operator = useLegalOperator();
  return <LegalDocument title={TERMS_TITLE} intro={termsIntro(operator)} sections={termsSections(operator)} />;
}
