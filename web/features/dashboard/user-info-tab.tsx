import { LogOut } from 'lucide-react';
import type { User } from '../../../contract/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody } from '../../components/ui/card.tsx';
import { BillingCard } from './billing-card.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { PrivacyExportCard } from './privacy-export-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { SessionsCard } from './sessions-card.tsx';

export function UserInfoTab({ user, onSaved, onLogout }: { user: User; onSaved: (user: User) => void; onLogout: () => void }) {
  return (
    <div className="space-y-6">
      <ProfileCard user={user} onSaved={onSaved} />
      <PasswordCard email={user.email} />
      <SessionsCard />
      <BillingCard />
      <PrivacyExportCard />
      <Card>
        <CardBody className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 className="text-base font-semibold text-slate-900">Sign out</h2>
            <p className="mt-0.5 text-sm text-slate-500">End your session on this device. You can sign in again with a new magic link.</p>
          </div>
          <Button variant="outline" className="border-red-200 text-red-600 hover:bg-red-50" onClick={onLogout} icon={<LogOut className="size-4" aria-hidden />}>
            Logout
          </Button>
        </CardBody>
      </Card>
      {/* Last, apart from the everyday controls: the one that cannot be undone. */}
      <DeleteAccountCard email={user.email} />
    </div>
  );
}
