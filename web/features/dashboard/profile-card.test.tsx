// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contract/auth.ts';
import { ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { ProfileCard } from './profile-card.tsx';

const user: User = { id: 'u1', email: 'pat@example.com', name: 'Pat', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(onSaved = vi.fn()) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ProfileCard user={user} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

async function saveWith(fields: { name?: string; email?: string }) {
  fireEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
  if (fields.name !== undefined) fireEvent.change(screen.getByLabelText('Name'), { target: { value: fields.name } });
  if (fields.email !== undefined) fireEvent.change(screen.getByLabelText('Email'), { target: { value: fields.email } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('ProfileCard', () => {
  it('says a new email waits for its confirmation link and keeps showing the current one', async () => {
    const message = 'We sent a confirmation link to new@example.com. Open it while signed in to this account to change your email; until then, sign in with your current address.';
    const calls = stubFetch(routes({ 'PUT /api/auth/profile': () => ok({ user, pending_email: 'new@example.com', message }) }));
    const onSaved = show();
    await saveWith({ email: 'new@example.com' });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{ email: 'new@example.com' }]);
    expect(onSaved).toHaveBeenCalledWith(user);
    expect(screen.getByText('pat@example.com')).toBeTruthy();
  });

  it('confirms a name change with the server message', async () => {
    const renamed = { ...user, name: 'Patricia' };
    stubFetch(routes({ 'PUT /api/auth/profile': () => ok({ user: renamed, pending_email: null, message: 'Profile updated.' }) }));
    const onSaved = show();
    await saveWith({ name: 'Patricia' });
    expect(await screen.findByText('Profile updated.')).toBeTruthy();
    expect(onSaved).toHaveBeenCalledWith(renamed);
  });
});
