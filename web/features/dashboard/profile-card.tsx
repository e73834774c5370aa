import { useMutation } from '@tanstack/react-query';
import { Pencil, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { User } from '../../../contract/auth.ts';
import { CLIENT_MESSAGES } from '../../../contract/errors.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { updateProfileRequest, type ProfileChanges } from './api.ts';

/** Only the fields that changed; null when nothing did. */
export function profileChanges(user: User, name: string, email: string): ProfileChanges | null {
  const changes: ProfileChanges = {};
  if (name.trim() !== (user.name ?? '')) changes.name = name.trim();
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) changes.email = email.trim();
  return Object.keys(changes).length > 0 ? changes : null;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 truncate text-sm text-slate-900">{value}</dd>
    </div>
  );
}

/** Profile Settings (spec 1 §4 Profile): view, edit (Save or Cancel), saving. */
export function ProfileCard({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name ?? '');
  const [email, setEmail] = useState(user.email);
  const save = useMutation({
    mutationFn: updateProfileRequest,
    onSuccess: ({ user: saved }) => {
      onSaved(saved);
      setEditing(false);
    },
  });

  const startEditing = () => {
    setName(user.name ?? '');
    setEmail(user.email);
    save.reset();
    setEditing(true);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes = profileChanges(user, name, email);
    if (changes) save.mutate(changes);
    else setEditing(false);
  };

  return (
    <Card>
      <CardHeader
        icon={<UserRound className="size-5" aria-hidden />}
        title="Profile Settings"
        description="Your name and the address your sign-in links go to."
        action={
          !editing && (
            <Button variant="outline" size="sm" onClick={startEditing} icon={<Pencil className="size-4" aria-hidden />}>
              Edit profile
            </Button>
          )
        }
      />
      <CardBody>
        {editing ? (
          <form onSubmit={submit} className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Name" name="name" autoComplete="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} disabled={save.isPending} />
              <TextField label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} disabled={save.isPending} />
            </div>
            {save.isError && <Alert tone="error">{errorMessage(save.error, CLIENT_MESSAGES.profileSaveFailed)}</Alert>}
            <div className="flex gap-3">
              <Button type="submit" loading={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button variant="outline" onClick={() => setEditing(false)} disabled={save.isPending}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-5 sm:grid-cols-2">
            <Field label="Name" value={user.name || 'Not set'} />
            <Field label="Email" value={user.email} />
            <Field label="Member since" value={formatDate(user.created_at)} />
            <Field label="Last sign-in" value={user.last_login_at ? formatDate(user.last_login_at) : 'Never'} />
          </dl>
        )}
        {save.isSuccess && !editing && (
          // A new email is not saved yet: the server mailed a link to it, and its message says so.
          <Alert tone={save.data.pending_email ? 'info' : 'success'} className="mt-5">
            {save.data.message}
          </Alert>
        )}
      </CardBody>
    </Card>
  );
}
