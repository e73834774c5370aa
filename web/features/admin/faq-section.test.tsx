// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { moved } from './faq-section.tsx';
import { validateFaq } from './faq-form.tsx';
import { testimonialErrors } from './landing-testimonials.tsx';

describe('the System Settings content editors', () => {
  it('moves a FAQ entry one place, and not past either end', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('names a FAQ entry’s missing question and answer and a bad category before sending', () => {
    expect(validateFaq({ question: '', answer: ' ', category: 'Bad One', is_active: true })).toEqual({
      question: 'Question is required',
      answer: 'Answer is required',
      category: 'Use lowercase letters, digits and dashes',
    });
    expect(validateFaq({ question: 'Q?', answer: 'A.', category: 'credits', is_active: false })).toEqual({});
  });

  it('names each testimonial’s missing name or quote by row', () => {
    expect(testimonialErrors([{ name: 'Ana', role: '', quote: 'Great.' }, { name: '', role: 'Host', quote: '' }])).toEqual({
      '1.name': 'Name is required',
      '1.quote': 'Quote is required (up to 600 characters)',
    });
    expect(testimonialErrors([{ name: 'Ana', role: '', quote: 'Great.' }])).toEqual({});
  });
});
