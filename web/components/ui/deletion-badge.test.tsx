// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeletionBadge, deletesIn } from './deletion-badge.tsx';

afterEach(cleanup);

const badge = (days: number | null) => {
  const { container } = render(<DeletionBadge days={days} />);
  return container.querySelector('span[data-color]');
};

describe('DeletionBadge', () => {
  it('is hidden for items more than 7 days from deletion, or without an expiry', () => {
    expect(badge(8)).toBeNull();
    expect(badge(30)).toBeNull();
    expect(badge(null)).toBeNull();
  });

  it('is yellow from 7 down to 4 days', () => {
    expect(badge(7)?.getAttribute('data-color')).toBe('yellow');
    expect(badge(4)?.getAttribute('data-color')).toBe('yellow');
    expect(screen.getByText('7 days left')).toBeTruthy();
  });

  it('is orange at 3 and 2 days, red at 1 day or less', () => {
    expect(badge(3)?.getAttribute('data-color')).toBe('orange');
    expect(badge(2)?.className).toContain('bg-orange-500');
    expect(badge(1)?.getAttribute('data-color')).toBe('red');
    expect(screen.getByText('1 day left')).toBeTruthy();
    expect(badge(0)?.className).toContain('bg-red-600');
    expect(screen.getByText('Deletes today')).toBeTruthy();
  });
});

describe('DeletionBadge in a small tile', () => {
  // The morpher's history tiles use the same badge with smaller text: one wording everywhere, the size merged in.
  it('takes the caller’s text size instead of its own', () => {
    const { container } = render(<DeletionBadge days={0} className="text-[11px]" />);
    const span = container.querySelector('span[data-color]')!;
    expect(span.textContent).toBe('Deletes today');
    expect(span.classList).toContain('text-[11px]');
    expect(span.classList).not.toContain('text-xs');
  });
});

describe('deletesIn', () => {
  it('words the countdown as a line of text', () => {
    expect(deletesIn(23)).toBe('Deletes in 23 days');
    expect(deletesIn(1)).toBe('Deletes in 1 day');
    expect(deletesIn(0)).toBe('Deletes today');
  });
});
