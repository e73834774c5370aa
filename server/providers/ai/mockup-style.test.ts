import { describe, expect, it } from 'vitest';
import { inferMockupStyle, templateFor } from './mockup-style.ts';

describe('inferMockupStyle', () => {
  it('reads the product a prompt names', () => {
    expect(inferMockupStyle('My logo on a coffee mug, please')).toBe('coffee-mug');
    expect(inferMockupStyle('show it on an iPhone')).toBe('phone-display');
    expect(inferMockupStyle('phone')).toBe('phone-display');
    expect(inferMockupStyle('a T-shirt print')).toBe('t-shirt');
    expect(inferMockupStyle('Shirts for the team')).toBe('t-shirt');
    expect(inferMockupStyle('on a MacBook')).toBe('modern-laptop');
    expect(inferMockupStyle('on a laptop screen')).toBe('laptop-screen');
    expect(inferMockupStyle('ipad app')).toBe('tablet-screen');
    expect(inferMockupStyle('highway billboard at dusk')).toBe('billboard');
    expect(inferMockupStyle('paperback novel cover')).toBe('book-cover');
    expect(inferMockupStyle('framed on a wall')).toBe('framed-art');
    expect(inferMockupStyle('a concert poster')).toBe('poster');
    expect(inferMockupStyle('software box for my game')).toBe('software-box');
  });

  it('takes the product named first, and whole words only', () => {
    expect(inferMockupStyle('a mug next to a phone')).toBe('coffee-mug');
    expect(inferMockupStyle('a phone next to a mug')).toBe('phone-display');
    // "macbook" is not a book, "teal" is not tea, "apple" is not an app, "lightbox" is not a box.
    expect(inferMockupStyle('teal and apple colours in a lightbox')).toBeNull();
    expect(inferMockupStyle('something elegant and moody')).toBeNull();
    expect(inferMockupStyle('')).toBeNull();
  });
});

describe('templateFor', () => {
  it('draws a style as itself, a custom one as the template its description names, else a canvas print', () => {
    expect(templateFor('poster')).toEqual({ template: 'poster', name: 'poster', fromDescription: false });
    expect(templateFor('custom', 'on a big mug')).toEqual({ template: 'coffee-mug', name: 'coffee mug', fromDescription: true });
    expect(templateFor('custom', 'elegant minimal vibe')).toEqual({ template: 'canvas', name: 'canvas print', fromDescription: false });
  });
});
