// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { clearClosedNotifications, closedNotifications, closeNotification, CLOSED_NOTIFICATIONS_COOKIE } from './closed-notifications.ts';
import { NotificationBanner } from './notification-banner.tsx';
import { bannerPaint, contrastRatio, readableColors } from '../../components/ui/readable-colors.ts';

const notification = (identifier: string, content: string, extra: Record<string, unknown> = {}) => ({
  uuid: `uuid-${identifier}`,
  id: 1,
  identifier,
  content,
  bg_color: '#3b82f6',
  text_color: '#ffffff',
  icon_color: '#ffffff',
  valid_from: '2026-01-01T00:00:00Z',
  valid_until: null,
  is_active: true,
  ...extra,
});

function renderBanner() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <NotificationBanner />
    </QueryClientProvider>,
  );
}

beforeEach(() => clearClosedNotifications());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the notification banner (spec 1 §2, §4)', () => {
  it('shows the first notification not closed, and the next one once it is closed, remembering it in the cookie', async () => {
    stubFetch(
      routes({
        'GET /api/notifications': () =>
          ok({ notifications: [notification('spring-sale-2026-11-01', 'Spring <strong>sale</strong>'), notification('new-tool-2026-11-02', 'A new <a href="/tools">tool</a>')] }),
      }),
    );
    closeNotification('something-else');
    renderBanner();
    const banner = await screen.findByRole('complementary', { name: 'Announcement' });
    expect(banner.textContent).toContain('Spring sale');
    expect(banner.querySelector('strong')?.textContent).toBe('sale');
    fireEvent.click(screen.getByRole('button', { name: 'Close announcement' }));
    await waitFor(() => expect(screen.getByRole('complementary').textContent).toContain('A new tool'));
    expect(screen.getByRole('link', { name: 'tool' }).getAttribute('href')).toBe('/tools');
    expect(closedNotifications()).toEqual(['something-else', 'spring-sale-2026-11-01']);
    fireEvent.click(screen.getByRole('button', { name: 'Close announcement' }));
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
  });

  it('shows closed banners again after the development footer resets them', async () => {
    stubFetch(routes({ 'GET /api/notifications': () => ok({ notifications: [notification('only-one', 'Hello')] }) }));
    closeNotification('only-one');
    renderBanner();
    await waitFor(() => expect(document.cookie).toContain(CLOSED_NOTIFICATIONS_COOKIE));
    expect(screen.queryByRole('complementary')).toBeNull();
    clearClosedNotifications();
    expect((await screen.findByRole('complementary')).textContent).toContain('Hello');
  });

  it('only logs a failure to load, showing nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(routes({ 'GET /api/notifications': () => fail(500, 'INTERNAL', 'Boom') }));
    renderBanner();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Notifications could not be loaded', expect.anything()));
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('paints the default colours readable: white on a blue deep enough for 4.5:1', async () => {
    stubFetch(routes({ 'GET /api/notifications': () => ok({ notifications: [notification('x', 'Hi')] }) }));
    renderBanner();
    const banner = await screen.findByRole('complementary');
    const { backgroundColor, color } = banner.style;
    const hex = (css: string) => (css.startsWith('#') ? css : `#${(css.match(/\d+/g) ?? []).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`);
    expect(backgroundColor).not.toBe('');
    expect(contrastRatio(hex(backgroundColor), hex(color))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('readableColors', () => {
  it('keeps a readable pair as it is', () => {
    expect(readableColors('#1e3a8a', '#ffffff')).toEqual({ background: '#1e3a8a', text: '#ffffff' });
  });

  it('darkens a background behind light text, and lightens one behind dark text, until 4.5:1', () => {
    expect(contrastRatio('#3b82f6', '#ffffff')).toBeLessThan(4.5);
    const dark = readableColors('#3b82f6', '#ffffff');
    expect(dark.text).toBe('#ffffff');
    expect(contrastRatio(dark.background, dark.text)).toBeGreaterThanOrEqual(4.5);
    const light = readableColors('#555555', '#000000');
    expect(contrastRatio(light.background, light.text)).toBeGreaterThanOrEqual(4.5);
  });

  it('paints a hex gradient from its parsed stops, each made readable, and nothing else', () => {
    const paint = bannerPaint('linear-gradient(135deg, #3b82f6, #fde68a)', '#ffffff');
    const stops = paint.backgroundImage!.match(/#[0-9a-f]{6}/g)!;
    expect(paint.backgroundImage).toMatch(/^linear-gradient\(135deg, #[0-9a-f]{6}, #[0-9a-f]{6}\)$/);
    for (const stop of stops) expect(contrastRatio(stop, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(bannerPaint('linear-gradient(135deg, #3b82f6, url(x))', '#ffffff')).toEqual({ backgroundColor: '#1d4ed8', color: '#ffffff' });
    expect(bannerPaint('#3b82f6;background:url(x)', '#ffffff').backgroundImage).toBeUndefined();
  });

  it('falls back to a safe pair for colours it cannot read', () => {
    expect(readableColors('red', 'javascript:alert(1)')).toEqual({ background: '#1d4ed8', text: '#ffffff' });
  });
});
