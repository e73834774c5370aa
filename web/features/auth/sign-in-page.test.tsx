// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { authRedirectState } from '../../lib/session/redirect-state.ts';
import { renderPage, renderRoutes } from '../../test-support/render.tsx';
import { SignInPage } from './sign-in-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function submit(email: string) {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
}

describe('SignInPage', () => {
  it('has one required email field', () => {
    stubFetch(() => ok({}));
    renderPage(<SignInPage />, '/auth');
    const field = screen.getByLabelText('Email address');
    expect(field.getAttribute('type')).toBe('email');
    expect(field.hasAttribute('required')).toBe(true);
    expect(document.title).toBe('Sign in · Ampkit');
  });

  it('goes idle → sending → sent, and Send Another clears the form', async () => {
    let release: (r: Response) => void = () => {};
    const calls = stubFetch(routes({ 'POST /api/auth/magic-link': () => new Promise<Response>((r) => (release = r)) }));
    renderPage(<SignInPage />, '/auth');

    submit('maker@example.com');
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(calls[0]!.body).toEqual({ email: 'maker@example.com' });

    release(ok({ message: 'sent' }) as Response);
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(screen.getByText('maker@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send Another' }));
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('');
  });

  it('sends the page the visitor wanted with the request, so the mailed link leads back to it', async () => {
    const calls = stubFetch(routes({ 'POST /api/auth/magic-link': () => ok({ message: 'sent' }) }));
    // As a protected page (or the launcher's Launch) sends a visitor here: the target in router state.
    const { router } = renderRoutes([{ path: '/auth', element: <SignInPage /> }, { path: '*', element: <p>Other page</p> }], '/tools');
    await act(() => router.navigate('/auth', { state: authRedirectState({ pathname: '/tools/image-variator', search: '?x=1', hash: '' }) }));
    submit('maker@example.com');
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(calls[0]!.body).toEqual({ email: 'maker@example.com', next: '/tools/image-variator?x=1' });
  });

  it('sends no target it must not follow', async () => {
    const calls = stubFetch(routes({ 'POST /api/auth/magic-link': () => ok({ message: 'sent' }) }));
    const { router } = renderRoutes([{ path: '/auth', element: <SignInPage /> }, { path: '*', element: <p>Other page</p> }], '/tools');
    await act(() => router.navigate('/auth', { state: authRedirectState('//evil.example/x') }));
    submit('maker@example.com');
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(calls[0]!.body).toEqual({ email: 'maker@example.com' });
  });

  it('shows the server message in a red box', async () => {
    stubFetch(() => fail(429, 'RATE_LIMITED', 'Too many sign-in requests from your network.'));
    renderPage(<SignInPage />, '/auth');
    submit('maker@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many sign-in requests from your network.');
  });

  it("falls back to 'Failed to send magic link'", async () => {
    stubFetch(() => fail(500, 'INTERNAL'));
    renderPage(<SignInPage />, '/auth');
    submit('maker@example.com');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to send magic link'));
  });
});
