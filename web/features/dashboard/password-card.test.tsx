// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routes, stubFetch, type Handler } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { PasswordCard } from './password-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(table: Record<string, Handler>) {
  const calls = stubFetch(routes(table));
  render(
    <QueryClientProvider client={testQueryClient()}>
      <PasswordCard email="pat@example.com" />
    </QueryClientProvider>,
  );
  return calls;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PasswordCard', () => {
  it('sets a first password without asking for a current one, and says the other devices were signed out', async () => {
    const calls = show({
      'GET /api/account/password': () => ok({ has_password: false, can_set: true }),
      'PUT /api/account/password': () => ok({ has_password: true, can_set: true, sessions_ended: 2, message: 'Password saved. Every other session was signed out.' }),
    });
    await screen.findByText(/You have no password yet/);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(screen.getByText(/Sign in with a link, then set a new one here/)).toBeTruthy();
    type('New password', 'a good password');
    type('Repeat new password', 'a good password');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password saved. Every other session was signed out.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ new_password: 'a good password' }]);
    // Now it has one: the form asks for it.
    expect(await screen.findByLabelText('Current password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
  });

  it('refuses two different new passwords without calling the server', async () => {
    const calls = show({ 'GET /api/account/password': () => ok({ has_password: false, can_set: true }) });
    await screen.findByText(/You have no password yet/);
    type('New password', 'a good password');
    type('Repeat new password', 'another password');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows a wrong current password beside its field', async () => {
    show({
      'GET /api/account/password': () => ok({ has_password: true, can_set: true }),
      'PUT /api/account/password': () => fail(400, 'VALIDATION_ERROR', 'Your current password is not right.', { field: 'current_password' }),
    });
    await screen.findByLabelText('Current password');
    type('Current password', 'wrong one');
    type('New password', 'a good password');
    type('Repeat new password', 'a good password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const message = await screen.findByText('Your current password is not right.');
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Current password').getAttribute('aria-describedby')).toContain(message.id);
  });

  it('removes the password with the current one', async () => {
    const calls = show({
      'GET /api/account/password': () => ok({ has_password: true, can_set: true }),
      'DELETE /api/account/password': () => ok({ has_password: false, can_set: true, sessions_ended: 0, message: 'Password removed. You sign in with emailed links now.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove password' }));
    type('Current password', 'the password');
    fireEvent.click(screen.getByRole('button', { name: 'Remove password' }));
    expect(await screen.findByText('Password removed. You sign in with emailed links now.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ current_password: 'the password' });
    expect(await screen.findByRole('button', { name: 'Set password' })).toBeTruthy();
  });

  it('offers no form before the address is confirmed', async () => {
    show({ 'GET /api/account/password': () => ok({ has_password: false, can_set: false }) });
    expect(await screen.findByText(/Confirm your email address first/)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
