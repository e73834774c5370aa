/**
 * The axe helper every page check relies on (fixtures.ts) finds what it is there to find: a check that could not fail
 * would let every "axe clean" pass unseen.
 */
import { test, expect } from '@playwright/test';
import { seriousAxeFindings } from './fixtures.ts';

test('the axe helper reports serious and critical findings, by rule and element', async ({ page }) => {
  await page.setContent(
    '<html><head><title>Findings</title></head><body><main><img src="data:,"><p style="color:#ccc;background:#fff">faint text</p><button></button></main></body></html>',
  );
  const findings = (await seriousAxeFindings(page)).map((f) => f.split(':')[0]);
  expect(findings).toEqual(['critical button-name', 'serious color-contrast', 'serious html-has-lang', 'critical image-alt']);
});
