// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MOCKUP_MESSAGES, MOCKUP_STYLES } from '../../../contract/ai.ts';
import { MOCKUP_STYLE_LABELS, toggleStyle, validateMockup } from './mockup-options.ts';

describe('mockup validation (spec 2 §5)', () => {
  it('needs at least one image and one style', () => {
    expect(validateMockup({ imageCount: 0, styles: ['poster'], customStyle: '' })).toBe('Please upload at least one image and select a style.');
    expect(validateMockup({ imageCount: 1, styles: [], customStyle: '' })).toBe(MOCKUP_MESSAGES.missing);
  });

  it('needs a description for Custom', () => {
    expect(validateMockup({ imageCount: 1, styles: ['custom'], customStyle: '   ' })).toBe(
      'Please provide a custom style description when using the Custom option.',
    );
    expect(validateMockup({ imageCount: 1, styles: ['custom'], customStyle: 'A tote bag' })).toBeNull();
  });

  it('with several images, needs one style per image', () => {
    expect(validateMockup({ imageCount: 2, styles: ['poster'], customStyle: '' })).toBe(
      'When using multiple images, the number of images must match the number of selected styles.',
    );
    expect(validateMockup({ imageCount: 2, styles: ['poster', 'billboard'], customStyle: '' })).toBeNull();
    // One image goes on every style.
    expect(validateMockup({ imageCount: 1, styles: ['poster', 'billboard', 't-shirt'], customStyle: '' })).toBeNull();
  });

  it('labels all twelve styles and keeps the order they were picked in', () => {
    expect(Object.keys(MOCKUP_STYLE_LABELS)).toEqual([...MOCKUP_STYLES]);
    expect(MOCKUP_STYLES).toHaveLength(12);
    expect(toggleStyle(toggleStyle([], 'poster'), 'software-box')).toEqual(['poster', 'software-box']);
    expect(toggleStyle(['poster', 'software-box'], 'poster')).toEqual(['software-box']);
  });
});
