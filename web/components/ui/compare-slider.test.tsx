// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompareSlider, compareKeyPosition } from './compare-slider.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const before = { src: '/examples/a-before.webp', alt: 'The photo', width: 800, height: 450 };
const after = { src: '/examples/a-after.webp', alt: 'The photo as a watercolour', width: 800, height: 450 };

function show(initial?: number) {
  render(<CompareSlider before={before} after={after} label="Before and after: Watercolour" initial={initial} />);
  const slider = screen.getByRole('slider', { name: 'Before and after: Watercolour' });
  const box = slider.parentElement!;
  // happy-dom lays nothing out: the box is 400 px wide from x = 100.
  vi.spyOn(box, 'getBoundingClientRect').mockReturnValue({ left: 100, top: 0, width: 400, height: 225, right: 500, bottom: 225, x: 100, y: 0, toJSON: () => ({}) });
  const clipOfBefore = () => screen.getByAltText('The photo').style.clipPath;
  return { slider, box, clipOfBefore };
}

describe('CompareSlider', () => {
  it('is a slider from 0 to 100 at 50, the before image clipped to the left half', () => {
    const { slider, clipOfBefore } = show();
    expect(slider.getAttribute('tabindex')).toBe('0');
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('100');
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
    expect(clipOfBefore()).toBe('inset(0 50% 0 0)');
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
  });

  it('keeps the images below the fold cheap and the box its final shape before they load', () => {
    const { box } = show();
    for (const img of [screen.getByAltText('The photo'), screen.getByAltText('The photo as a watercolour')]) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('decoding')).toBe('async');
      expect(img.getAttribute('width')).toBe('800');
      expect(img.getAttribute('height')).toBe('450');
    }
    expect(box.style.aspectRatio).toBe('800 / 450');
  });

  it('moves 5% per arrow key, and to the ends with Home and End', () => {
    const { slider, clipOfBefore } = show();
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider.getAttribute('aria-valuenow')).toBe('45');
    expect(clipOfBefore()).toBe('inset(0 55% 0 0)');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuenow')).toBe('55');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider.getAttribute('aria-valuenow')).toBe('100');
    expect(slider.getAttribute('aria-valuetext')).toBe('100% before, 0% after');
  });

  it('follows a drag from where it is pressed to where it is let go, and not after', () => {
    const { slider, box } = show();
    fireEvent.pointerDown(box, { pointerId: 1, button: 0, clientX: 200 });
    expect(slider.getAttribute('aria-valuenow')).toBe('25');
    expect(document.activeElement).toBe(slider);
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 400 });
    expect(slider.getAttribute('aria-valuenow')).toBe('75');
    // Past the edge: held at the end.
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 900 });
    expect(slider.getAttribute('aria-valuenow')).toBe('100');
    fireEvent.pointerUp(box, { pointerId: 1, clientX: 900 });
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 150 });
    expect(slider.getAttribute('aria-valuenow')).toBe('100');
  });

  it('ignores a move of another pointer and a press of the right button', () => {
    const { slider, box } = show(30);
    fireEvent.pointerDown(box, { pointerId: 1, button: 2, clientX: 450 });
    expect(slider.getAttribute('aria-valuenow')).toBe('30');
    fireEvent.pointerDown(box, { pointerId: 1, button: 0, clientX: 300 });
    fireEvent.pointerMove(box, { pointerId: 2, clientX: 450 });
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
  });
});

describe('compareKeyPosition', () => {
  it('leaves keys it does not handle to the page', () => {
    expect(compareKeyPosition('Tab', 50)).toBeNull();
    expect(compareKeyPosition('PageUp', 90)).toBe(100);
    expect(compareKeyPosition('ArrowDown', 3)).toBe(0);
  });
});
