// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationPreview, safeHref } from './notification-preview.tsx';

afterEach(cleanup);
const colors = { bg_color: '#3b82f6', text_color: '#ffffff', icon_color: '#ffffff' };
const previewOf = (content: string, paint = colors) => {
  const { getByTestId } = render(<NotificationPreview content={content} colors={paint} />);
  return getByTestId('notification-preview');
};

describe('the live preview (spec 3 §2)', () => {
  it('draws the content with the tags the banner keeps', () => {
    const box = previewOf('Spring <strong>sale</strong><br>See <a href="https://example.com">offers</a> and <a href="/tools">tools</a>');
    expect(box.textContent).toContain('Spring sale');
    expect(box.querySelector('strong')?.textContent).toBe('sale');
    expect(box.querySelector('br')).not.toBeNull();
    const [external, local] = [...box.querySelectorAll('a')];
    expect([external!.getAttribute('href'), external!.getAttribute('target'), external!.getAttribute('rel')]).toEqual(['https://example.com', '_blank', 'noopener noreferrer']);
    expect([local!.getAttribute('href'), local!.getAttribute('target')]).toEqual(['/tools', null]);
  });

  it('never draws scripts, handlers, frames or dangerous links', () => {
    const box = previewOf('<script>alert(1)</script><img src=x onerror="alert(2)"><iframe title="evil"></iframe><div onclick="x()">Hi</div><a href="javascript:alert(3)">a</a><a href="java\tscript:x">b</a><a href="//evil.example">c</a>');
    expect(box.innerHTML).not.toMatch(/script|onerror|onclick|iframe|img|javascript|evil/i);
    expect(box.textContent).toContain('Hi');
    for (const a of box.querySelectorAll('a')) expect(a.hasAttribute('href')).toBe(false);
  });

  it('paints the colours as the real banner does, gradients included', () => {
    const solid = previewOf('Hi').firstElementChild as HTMLElement;
    expect(solid.style.backgroundColor).not.toBe('');
    cleanup();
    const gradient = previewOf('Hi', { ...colors, bg_color: 'linear-gradient(135deg, #1e293b, #6d28d9)' }).firstElementChild as HTMLElement;
    expect(gradient.style.backgroundImage).toContain('linear-gradient(135deg, #1e293b, #6d28d9)');
  });

  it.each([
    ['https://example.com/x', 'https://example.com/x'],
    ['mailto:help@example.com', 'mailto:help@example.com'],
    ['/about', '/about'],
    ['javascript:alert(1)', undefined],
    [' JaVaScRiPt:alert(1)', undefined],
    ['data:text/html,x', undefined],
    ['//evil.example', undefined],
  ])('safeHref(%s) → %s', (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });
});
