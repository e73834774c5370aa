// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { NotificationsTab } from './notifications-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const uuid = '6f1c1c0e-8a4e-4a57-9b55-0c4d3e2f1a10';
const row = { uuid, id: 1, identifier: 'spring-sale-2026-11-01', content: 'Spring <em>sale</em>', bg_color: '#3b82f6', text_color: '#ffffff', icon_color: '#ffffff', valid_from: '2026-11-01T09:00:00.000Z', valid_until: null, is_active: true };
const renderTab = () =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <NotificationsTab />
    </QueryClientProvider>,
  );

describe('the notifications tab (spec 3 §2, §8)', () => {
  it("lists notifications with a preview and says 'Failed to toggle notification status' when the switch fails", async () => {
    stubFetch(routes({ 'GET /api/notifications/admin': () => ok({ notifications: [row] }), [`PUT /api/notifications/admin/${uuid}`]: () => fail(500, 'INTERNAL', 'Boom') }));
    renderTab();
    const toggle = await screen.findByRole('switch', { name: 'Active: spring-sale-2026-11-01' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('notification-preview').querySelector('em')?.textContent).toBe('sale');
    expect(screen.getByText(/no end date/)).toBeTruthy();
    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to toggle notification status');
  });

  it("asks before deleting, and says 'Failed to delete notification' when it fails", async () => {
    const calls = stubFetch(routes({ 'GET /api/notifications/admin': () => ok({ notifications: [row] }), [`DELETE /api/notifications/admin/${uuid}`]: () => fail(500, 'INTERNAL') }));
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete spring-sale-2026-11-01' }));
    const dialog = screen.getByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Failed to delete notification'));
  });

  it("says 'Failed to fetch notifications: {status}' when the list fails", async () => {
    stubFetch(routes({ 'GET /api/notifications/admin': () => fail(502, 'BAD_GATEWAY') }));
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Admin Error');
    expect(alert.textContent).toContain('Failed to fetch notifications: 502');
  });
});
