// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { AI_ERROR_COPY } from '../../contract/ai.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api.ts';
import { describeAiError, splitErrorMessage } from './ai-error.ts';

describe('AI error box content (spec 2 §8)', () => {
  it('splits the headline from the bullet guidelines', () => {
    expect(splitErrorMessage('Blocked by safety filters.\n\n• No real people\n• No violence\n\nNot a bullet')).toEqual({
      headline: 'Blocked by safety filters.',
      guidelines: ['No real people', 'No violence'],
    });
  });

  it("uses the server's class and tip", () => {
    const error = new ApiError(429, 'AI_RATE_LIMITED', 'Too many requests right now.\n\n- Wait a minute', { error_class: 'rate_limit', tip: 'Breathe.' });
    expect(describeAiError(error)).toEqual({ errorClass: 'rate_limit', headline: 'Too many requests right now.', guidelines: ['Wait a minute'], tip: 'Breathe.' });
  });

  it('a retired model or a billing stop reads that the tool is not available now, never "try again in a minute"', () => {
    const row = AI_ERROR_COPY.unavailable;
    const error = new ApiError(row.status, row.code, row.headline, { error_class: 'unavailable', tip: row.tip, provider: 'Gemini' });
    expect(describeAiError(error)).toEqual({ errorClass: 'unavailable', headline: 'This tool is not available right now.', guidelines: [], tip: row.tip });
    expect(row.tip).toMatch(/Nothing was charged/);
    expect(row.tip).not.toMatch(/minute/);
  });

  it('classifies from status and message when the server gave no class, with the class tip', () => {
    const view = describeAiError(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'));
    expect(view.errorClass).toBe('file_too_large');
    expect(view.tip).toBe(AI_ERROR_COPY.file_too_large.tip);
    expect(describeAiError(new ApiError(400, 'X', 'Your image was blocked by content filters')).errorClass).toBe('content_policy');
    expect(describeAiError(new ApiError(400, 'X', 'Possible recitation of copyrighted text')).errorClass).toBe('recitation');
  });

  it('network, server and sign-in failures read the spec wording', () => {
    expect(describeAiError(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE)).headline).toBe(
      'Network connection issue. Please check your internet connection and try again.',
    );
    expect(describeAiError(new ApiError(401, 'UNAUTHENTICATED', 'Please sign in to continue.')).headline).toBe('Authentication required. Please log in to use AI tools.');
    expect(describeAiError(new ApiError(500, 'INTERNAL', 'boom')).headline).toBe('A temporary server issue occurred. Please try again in a moment.');
  });

  it('otherwise keeps the original message, or the generic one', () => {
    expect(describeAiError(new ApiError(400, 'X', 'Generation failed: odd input')).headline).toBe('Generation failed: odd input');
    expect(describeAiError(new ApiError(400, 'X', undefined)).headline).toBe(
      'An unexpected error occurred. Please try again or contact support if the problem persists.',
    );
  });

  it('an unclassified extend failure reads Failed to extend image: {reason}', () => {
    expect(describeAiError(new ApiError(400, 'X', 'Generation failed: no room'), 'extend').headline).toBe('Failed to extend image: no room');
  });
});
