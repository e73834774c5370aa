import { describe, expect, it } from 'vitest';
import { maskEmail, splitMessage } from './messages.ts';

describe('splitMessage', () => {
  it('keeps a short text whole', () => {
    expect(splitMessage('Hello')).toEqual(['Hello']);
  });
  it('splits on paragraph boundaries first, each piece within the limit, nothing lost', () => {
    const paragraphs = Array.from({ length: 6 }, (_, i) => `${String(i).repeat(1500)}`);
    const parts = splitMessage(paragraphs.join('\n\n'));
    expect(parts.every((p) => p.length <= 4096)).toBe(true);
    expect(parts).toEqual([paragraphs.slice(0, 2).join('\n\n'), paragraphs.slice(2, 4).join('\n\n'), paragraphs.slice(4, 6).join('\n\n')]);
  });
  it('falls back to lines, then words, then characters', () => {
    const words = Array.from({ length: 3000 }, () => 'word').join(' ');
    const parts = splitMessage(words, 100);
    expect(parts.every((p) => p.length <= 100)).toBe(true);
    expect(parts.join(' ')).toBe(words);
    expect(splitMessage('x'.repeat(250), 100)).toEqual(['x'.repeat(100), 'x'.repeat(100), 'x'.repeat(50)]);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(splitMessage('😀'.repeat(4096))).toHaveLength(1);
  });
});

describe('maskEmail', () => {
  it('shows the first letter and the domain', () => {
    expect(maskEmail('sam@example.com')).toBe('s***@example.com');
  });
});
