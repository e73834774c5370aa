// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { NotificationForm } from './notification-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const today = new Date(2026, 10, 26, 9, 0);
const saved = { uuid: '6f1c1c0e-8a4e-4a57-9b55-0c4d3e2f1a10', id: 1, identifier: 'x', content: 'x', bg_color: '#3b82f6', text_color: '#ffffff', icon_color: '#ffffff', valid_from: today.toISOString(), valid_until: null, is_active: true };

function renderForm(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <NotificationForm notification={null} onClose={onClose} now={() => today} />
    </QueryClientProvider>,
  );
  return onClose;
}
const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('the notification form (spec 3 §5, §9)', () => {
  it('suggests the identifier from the first three words plus the date, 500 ms after typing stops', async () => {
    renderForm();
    type('Content', 'Summer sale today: 20% more');
    await wait(250);
    expect(field('Identifier').value).toBe('');
    type('Content', 'Summer sale today: 20% more credits');
    await wait(350);
    expect(field('Identifier').value).toBe('');
    await waitFor(() => expect(field('Identifier').value).toBe('summer-sale-today-2026-11-26'));
  });

  it('keeps an identifier the admin typed while creating', async () => {
    renderForm();
    type('Identifier', 'my-own');
    type('Content', 'Winter deals here');
    await wait(600);
    expect(field('Identifier').value).toBe('my-own');
    expect(field('Identifier').readOnly).toBe(false);
  });

  it('warns above 150 characters, and not at 150', () => {
    renderForm();
    type('Content', 'x'.repeat(150));
    expect(screen.queryByText(/Under 150 characters is advised/)).toBeNull();
    type('Content', 'x'.repeat(151));
    expect(screen.getByText(/151 characters long\. Under 150 characters is advised/)).toBeTruthy();
  });

  it('previews the banner 300 ms after the last change, with the chosen preset', async () => {
    renderForm();
    type('Content', 'Big <strong>news</strong>');
    const preview = screen.getByTestId('notification-preview');
    expect(preview.textContent).not.toContain('Big news');
    await waitFor(() => expect(preview.textContent).toContain('Big news'));
    expect(preview.querySelector('strong')?.textContent).toBe('news');
    fireEvent.click(screen.getByRole('button', { name: 'Background: Night' }));
    await waitFor(() => expect((preview.firstElementChild as HTMLElement).style.backgroundImage).toContain('linear-gradient'));
  });

  it('names the missing fields and sends nothing', async () => {
    const calls = stubFetch(() => ok({}));
    renderForm();
    type('Valid from', '');
    fireEvent.click(screen.getByRole('button', { name: 'Create notification' }));
    expect(await screen.findByText('Content is required')).toBeTruthy();
    expect(screen.getByText('Identifier is required')).toBeTruthy();
    expect(screen.getByText('Valid from is required')).toBeTruthy();
    type('Content', 'Hello there');
    type('Valid from', '2026-11-26T10:00');
    type('Valid until', '2026-11-26T09:00');
    type('Identifier', 'Bad Id');
    fireEvent.click(screen.getByRole('button', { name: 'Create notification' }));
    expect(await screen.findByText('Valid until must be after valid from')).toBeTruthy();
    expect(screen.getByText('Use lowercase letters, digits and dashes')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the defaults and an empty valid_until as null, then closes', async () => {
    const calls = stubFetch(() => ok({ notification: saved }));
    const onClose = renderForm();
    type('Content', 'Hello there friends');
    await waitFor(() => expect(field('Identifier').value).toBe('hello-there-friends-2026-11-26'));
    fireEvent.click(screen.getByRole('button', { name: 'Create notification' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toContain('/api/notifications/admin');
    expect(post.body).toEqual({
      identifier: 'hello-there-friends-2026-11-26',
      content: 'Hello there friends',
      bg_color: '#3b82f6',
      text_color: '#ffffff',
      icon_color: '#ffffff',
      valid_from: today.toISOString(),
      valid_until: null,
      is_active: true,
    });
  });

  it('created before the suggestion has appeared, it sends the suggestion of the content as typed', async () => {
    const calls = stubFetch(() => ok({ notification: saved }));
    const onClose = renderForm();
    type('Content', 'Quick launch news today');
    expect(field('Identifier').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Create notification' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText('Identifier is required')).toBeNull();
    expect((calls.find((c) => c.method === 'POST')!.body as { identifier: string }).identifier).toBe('quick-launch-news-2026-11-26');
  });

  it("says 'Failed to save notification' with the server's reason", async () => {
    stubFetch(() => fail(409, 'CONFLICT', 'The identifier x is already used by another notification.', { field: 'identifier' }));
    renderForm();
    type('Content', 'Hello');
    type('Identifier', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Create notification' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save notification: The identifier x is already used by another notification.');
  });
});
