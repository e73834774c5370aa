import { TOOLS as TOOL_LIST } from '../contract/tools.ts';
import { expect, expectAccessible, screenshots, signInByMail, test } from './fixtures.ts';

/**
 * Every tool's page but transcription's (its own spec) as a signed-in user first sees it: on screen at three widths,
 * and with no serious axe finding. From the tool definitions, so a new tool is smoke-tested without an edit here.
 */
const TOOLS = TOOL_LIST.filter((tool) => tool.runsOn !== 'speech').map((tool) => ({ id: tool.id, title: tool.catalogue.title }));

test.describe('the image tools, as a new user with no AI provider set', () => {
  test('each page opens, names the local engine and its free price, and passes axe', async ({ page, server }) => {
    await signInByMail(page, server, 'a11y-tools@example.com', 'Ada Access');

    await page.goto('/tools');
    for (const tool of TOOLS) {
      await expect(page.getByRole('button', { name: `Launch ${tool.title}` })).toBeVisible();
    }
    // Every image tool's card says its previews are free; the prices load into a line reserved for them.
    await expect(page.getByTestId('tool-price').filter({ hasText: 'Free preview' })).toHaveCount(TOOLS.length);
    // Transcription runs on the local draft engine here (pocketsphinx, installed by .ci/run): free, and named a draft.
    await expect(page.getByTestId('tool-price').filter({ hasText: 'Free draft' })).toHaveCount(1);
    await expectAccessible(page, '/tools');
    await screenshots(page, 'tools-launcher');

    for (const tool of TOOLS) {
      await page.goto(`/tools/${tool.id}`);
      await expect(page.getByRole('heading', { name: tool.title, level: 1 })).toBeVisible();
      await expect(page.getByTestId('engine-note').first()).toContainText('Preview: local engine, no AI provider set');
      await expect(page.getByText('is being built')).toHaveCount(0);
      await expectAccessible(page, `/tools/${tool.id}`);
      await screenshots(page, `tool-${tool.id}-empty`);
    }
  });
});
