import { expect, expectAccessible, expectHydrated, screenshots, test } from './fixtures.ts';

/** The visitor-facing reading pages: Terms, Privacy (13 sections, a table of contents) and About with its FAQ. */

for (const { path, title, section } of [
  { path: '/legal/terms', title: 'Terms of Service', section: 'Your content' },
  { path: '/legal/privacy', title: 'Privacy Policy', section: 'How long we keep it' },
]) {
  test(`${title}: 13 sections, the operator, a table of contents that moves to a section`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveCount(13);
    // The server's LEGAL_ENTITY_NAME and LEGAL_JURISDICTION defaults.
    await expect(page.getByRole('article')).toContainText('operated by Ampkit LLC, a company organised under the laws of the State of New Mexico, USA');
    await expect(page.getByText('Last updated')).toBeVisible();
    await expectAccessible(page, path);
    await screenshots(page, path === '/legal/terms' ? 'legal-terms' : 'legal-privacy');

    const toc = page.getByRole('navigation', { name: 'Table of contents' });
    await expect(toc.getByRole('link')).toHaveCount(13);
    await toc.getByRole('link', { name: section }).click();
    await expect(page).toHaveURL(new RegExp(`${path}#`));
    const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^\\d+\\. ${section}$`) });
    await expect(heading).toBeInViewport();
    // Not under the sticky header: the heading starts below it.
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(64);
  });
}

test('/terms and /privacy land on the legal pages', async ({ page }) => {
  await page.goto('/terms');
  await expect(page).toHaveURL(/\/legal\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.goto('/privacy');
  await expect(page).toHaveURL(/\/legal\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  // The footer links reach them in the app too.
  const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' });
  await expectHydrated(terms);
  await terms.click();
  await expect(page).toHaveURL(/\/legal\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});

test('/faq lands on the FAQ of the About page, and a question opens its answer', async ({ page }) => {
  await page.goto('/faq');
  await expect(page).toHaveURL(/\/about#faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About Ampkit' })).toBeVisible();
  for (const name of ['Our vision', 'How it works', 'What we stand for', 'Frequently asked questions', 'Our promise']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeInViewport();

  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  // The questions the server seeds (GET /api/faqs?category=all&language=en): credits, refunds, privacy, files, providers.
  for (const question of ['How do credits work?', 'Can I get a refund for a credit package?', 'How long do you keep my images?', 'Which AI runs the tools?']) {
    await expect(faq.getByRole('button', { name: question })).toBeVisible();
  }
  const first = faq.getByRole('button').first();
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  const question = (await first.textContent())!.trim();
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  const answer = page.getByRole('region', { name: question });
  await expect(answer).toBeVisible();
  await expect(answer).not.toBeEmpty();
  await expectAccessible(page, '/about with an answer open');
  await screenshots(page, 'about');
  await first.click();
  await expect(answer).toBeHidden();
});
