import { CircleCheck } from 'lucide-react';
import { PRIVACY_MESSAGES } from '../../../contract/privacy.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Page } from '../../components/ui/page.tsx';

/** /account/deleted: where account deletion ends, signed out, saying what was deleted and what was kept. */
export function AccountDeletedPage() {
  return (
    <Page title="Account deleted" width="narrow">
      <Card role="status" className="flex flex-col items-center px-6 py-10 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CircleCheck className="size-8" aria-hidden />
        </span>
        <h2 className="mt-5 text-xl font-bold text-slate-900">{PRIVACY_MESSAGES.deleted}</h2>
        <p className="mt-2 max-w-md text-slate-600">
          Your files, generations, transcriptions, texts and sign-in sessions are gone, and you are signed out everywhere. Payment and credit records are
          kept without your name or email, as accounting requires.
        </p>
        <div className="mt-6">
          <ButtonLink to="/">Go to the home page</ButtonLink>
        </div>
      </Card>
    </Page>
  );
}
