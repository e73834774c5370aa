import { describe, expect, it } from 'vitest';
import { NOTIFICATION_IDENTIFIER } from '../../../contract/site.ts';
import { suggestIdentifier } from './notification-identifier.ts';

const day = new Date(2026, 10, 26, 15, 30);

describe('suggestIdentifier (spec 3 §5)', () => {
  it.each([
    ['Summer sale today: 20% more credits', 'summer-sale-today-2026-11-26'],
    ['<strong>New</strong> tool&nbsp;<a href="/tools">is here</a> now', 'new-tool-is-2026-11-26'],
    ['  Café  Déjà   vu!!  ', 'cafe-deja-vu-2026-11-26'],
    ['Hi', 'hi-2026-11-26'],
    ['!!! ???', '2026-11-26'],
    ['', '2026-11-26'],
  ])('%s → %s', (content, expected) => {
    const id = suggestIdentifier(content, day);
    expect(id).toBe(expected);
    expect(id).toMatch(NOTIFICATION_IDENTIFIER);
  });

  it('stays within the identifier limit for very long words', () => {
    const id = suggestIdentifier('x'.repeat(200), day);
    expect(id.length).toBeLessThanOrEqual(80);
    expect(id).toMatch(NOTIFICATION_IDENTIFIER);
  });
});
