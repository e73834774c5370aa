// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPERIMENTAL_WARNING_DAYS } from '../../../contract/ai.ts';
import { AspectSelector, EXPERIMENTAL_WARNING } from './aspect-selector.tsx';
import { dismissExperimentalWarning, EXPERIMENTAL_WARNING_KEY, isExperimentalWarningDismissed } from './experimental-warning.ts';

const DAY = 86_400_000;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('experimental warning memory (spec 2 §4: 3 days)', () => {
  it('is not dismissed at first', () => {
    expect(isExperimentalWarningDismissed(Date.now())).toBe(false);
  });

  it('stays dismissed for 3 days, then shows again', () => {
    const t0 = Date.UTC(2026, 0, 1);
    dismissExperimentalWarning(t0);
    expect(EXPERIMENTAL_WARNING_DAYS).toBe(3);
    expect(isExperimentalWarningDismissed(t0 + 1)).toBe(true);
    expect(isExperimentalWarningDismissed(t0 + 3 * DAY - 1)).toBe(true);
    expect(isExperimentalWarningDismissed(t0 + 3 * DAY)).toBe(false);
    // An expired dismissal is forgotten.
    expect(localStorage.getItem(EXPERIMENTAL_WARNING_KEY)).toBeNull();
  });

  it('ignores unreadable or future values', () => {
    localStorage.setItem(EXPERIMENTAL_WARNING_KEY, 'soon');
    expect(isExperimentalWarningDismissed(Date.now())).toBe(false);
    localStorage.setItem(EXPERIMENTAL_WARNING_KEY, String(Date.now() + 10 * DAY));
    expect(isExperimentalWarningDismissed(Date.now())).toBe(false);
  });
});

describe('AspectSelector', () => {
  it('offers the seven ratios and warns for any but Original until dismissed', () => {
    const onChange = vi.fn();
    const { rerender } = render(<AspectSelector value="original" onChange={onChange} />);
    expect(screen.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual(['Original', '1:1', '4:5', '9:16', '16:9', '4:3', '3:4']);
    expect(screen.queryByText(EXPERIMENTAL_WARNING.title)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '9:16' }));
    expect(onChange).toHaveBeenCalledWith('9:16');

    rerender(<AspectSelector value="9:16" onChange={onChange} />);
    expect(screen.getByText(EXPERIMENTAL_WARNING.title)).toBeTruthy();
    expect(screen.getByText(/Credits are charged regardless of the result/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Don't show for 3 days" }));
    expect(screen.queryByText(EXPERIMENTAL_WARNING.title)).toBeNull();

    // Remembered for the next visit.
    cleanup();
    render(<AspectSelector value="16:9" onChange={onChange} />);
    expect(screen.queryByText(EXPERIMENTAL_WARNING.title)).toBeNull();
  });

  it('shows again after 3 days', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 0, 1));
    dismissExperimentalWarning();
    vi.setSystemTime(Date.UTC(2026, 0, 4, 0, 0, 1));
    render(<AspectSelector value="1:1" onChange={() => {}} />);
    expect(screen.getByText(EXPERIMENTAL_WARNING.title)).toBeTruthy();
  });
});
