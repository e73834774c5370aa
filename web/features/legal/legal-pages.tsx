import { FileText, Lock } from 'lucide-react';
import { SUPPORT_EMAIL } from '../../../contract/constants.ts';
import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx';

/** /legal/terms. The legal issue adds the 13 sections. */
export function TermsPage() {
  return (
    <PlaceholderPage title="Terms of Service" description="The rules for using Ampkit." icon={FileText}>
      The full Terms of Service are being finalised. Questions in the meantime? Write to {SUPPORT_EMAIL}.
    </PlaceholderPage>
  );
}

/** /legal/privacy. The legal issue adds the 13 sections. */
export function PrivacyPage() {
  return (
    <PlaceholderPage title="Privacy Policy" description="What we collect, why, and your rights." icon={Lock}>
      The full Privacy Policy is being finalised. Questions in the meantime? Write to {SUPPORT_EMAIL}.
    </PlaceholderPage>
  );
}
