import { describe, expect, it } from 'vitest';
import { sanitizeNotificationHtml as clean } from './sanitize.ts';

describe('sanitizeNotificationHtml', () => {
  it('keeps links, emphasis and line breaks', () => {
    expect(clean('New: <strong>2x</strong> <em>faster</em><br>See <a href="/tools">tools</a>')).toBe(
      'New: <strong>2x</strong> <em>faster</em><br />See <a href="/tools">tools</a>',
    );
  });

  it('opens absolute links in a new tab without a handle on this page', () => {
    expect(clean('<a href="https://example.com/x" onclick="steal()" style="color:red">go</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">go</a>',
    );
  });

  it.each([
    ['<script>alert(1)</script>Hi', 'Hi'],
    ['<img src=x onerror=alert(1)>Hi', 'Hi'],
    ['<svg onload=alert(1)><circle /></svg>Hi', 'Hi'],
    ['<iframe src="https://evil.example"></iframe>Hi', 'Hi'],
    ['<style>body{display:none}</style>Hi', 'Hi'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="  JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<span style="background:url(javascript:alert(1))" onmouseover="x()">Hi</span>', '<span>Hi</span>'],
    ['<div><p>Hi</p></div>', '<p>Hi</p>'],
    ['<b>unclosed <i>tags', '<b>unclosed <i>tags</i></b>'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['<a href="/x" target="_top" rel="opener">x</a>', '<a href="/x">x</a>'],
  ])('makes %s harmless', (input, output) => {
    expect(clean(input)).toBe(output);
  });
});
