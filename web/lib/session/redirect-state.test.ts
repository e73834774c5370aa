import { describe, expect, it } from 'vitest';
import { authRedirectState, redirectTarget, safeReturnPath } from './redirect-state.ts';

describe('the page to return to after signing in', () => {
  it.each(['/tools/image-variator', '/tools/image-variator?x=1#top', '/dashboard?tab=credits', '/authors'])('follows %j', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'tools', '/tools\nx', '/auth', '/auth/magic?token=x', '', null, 42])(
    'never follows %j (no open redirect, no loop back to sign-in)',
    (path) => {
      expect(safeReturnPath(path)).toBeNull();
    },
  );

  it('reads router state, falling back when it holds nothing to follow', () => {
    expect(redirectTarget(authRedirectState({ pathname: '/tools/captions', search: '?a=1', hash: '#b' }), '/tools')).toBe('/tools/captions?a=1#b');
    expect(redirectTarget(authRedirectState('//evil.example'), '/tools')).toBe('/tools');
    expect(redirectTarget(null, '/')).toBe('/');
  });
});
