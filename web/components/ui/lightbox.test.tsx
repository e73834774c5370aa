// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyGesture, lightboxKeyAction } from './gestures.ts';
import { Lightbox } from './lightbox.tsx';

const ITEMS = ['a', 'b', 'c'].map((id) => ({ id, src: `/img/${id}.png`, alt: `Image ${id}` }));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ start = 1, onClose = () => {} }: { start?: number; onClose?: () => void }) {
  const [index, setIndex] = useState(start);
  return <Lightbox items={ITEMS} index={index} onIndexChange={setIndex} onClose={onClose} />;
}

const shown = () => screen.getByRole('img', { hidden: true }).getAttribute('alt');
const dialog = () => screen.getByRole('dialog', { name: 'Image viewer', hidden: true });
const stage = () => screen.getByTestId('lightbox-stage');

function swipe(from: [number, number], to: [number, number], target: Element = stage()) {
  fireEvent.pointerDown(target, { clientX: from[0], clientY: from[1] });
  fireEvent.pointerUp(target, { clientX: to[0], clientY: to[1] });
}

describe('classifyGesture', () => {
  it('needs 50 px of mostly horizontal movement for a swipe; left means next', () => {
    expect(classifyGesture(-50, 5, 300)).toBe('next');
    expect(classifyGesture(60, -10, 300)).toBe('previous');
    expect(classifyGesture(-49, 0, 300)).toBe('none');
    expect(classifyGesture(-60, 80, 300)).toBe('none');
  });

  it('calls a press that moved under 15 px in under 500 ms a tap', () => {
    expect(classifyGesture(5, 5, 100)).toBe('tap');
    expect(classifyGesture(14, 0, 499)).toBe('tap');
    expect(classifyGesture(15, 0, 100)).toBe('none');
    expect(classifyGesture(2, 2, 500)).toBe('none');
  });

  it('maps arrow keys and Escape', () => {
    expect(lightboxKeyAction('ArrowRight')).toBe('next');
    expect(lightboxKeyAction('ArrowLeft')).toBe('previous');
    expect(lightboxKeyAction('Escape')).toBe('close');
    expect(lightboxKeyAction('Enter')).toBeNull();
  });
});

describe('Lightbox', () => {
  it('moves with the arrow keys and stops at either end', () => {
    render(<Harness />);
    expect(shown()).toBe('Image b');
    expect(screen.getByText('2 / 3')).toBeTruthy();
    fireEvent.keyDown(dialog(), { key: 'ArrowRight' });
    expect(shown()).toBe('Image c');
    fireEvent.keyDown(dialog(), { key: 'ArrowRight' });
    expect(shown()).toBe('Image c');
    fireEvent.keyDown(dialog(), { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog(), { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog(), { key: 'ArrowLeft' });
    expect(shown()).toBe('Image a');
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('goes to the next image on a swipe left and back on a swipe right; a short drag does nothing', () => {
    render(<Harness />);
    swipe([300, 200], [240, 210]);
    expect(shown()).toBe('Image c');
    swipe([200, 200], [270, 190]);
    expect(shown()).toBe('Image b');
    swipe([200, 200], [170, 200]);
    expect(shown()).toBe('Image b');
  });

  it('closes on a tap on the backdrop, not on a tap on the image or a slow press', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    swipe([10, 10], [12, 11], screen.getByRole('img', { hidden: true }));
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.pointerDown(stage(), { clientX: 10, clientY: 10 });
    vi.advanceTimersByTime(600);
    fireEvent.pointerUp(stage(), { clientX: 10, clientY: 10 });
    expect(onClose).not.toHaveBeenCalled();

    swipe([10, 10], [12, 11]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('moves with the on-screen buttons, which are disabled at the ends', () => {
    render(<Harness start={0} />);
    const previous = screen.getByRole('button', { name: 'Previous image', hidden: true }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next image', hidden: true }));
    expect(shown()).toBe('Image b');
    expect(previous.disabled).toBe(false);
  });
});
