import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, TOOL_SERVICE } from '../tool-prices.ts';
import { ENGINE_ESTIMATES, TOOL_CATALOGUE, TOOL_DEFINITIONS, TOOL_ICONS, TOOL_IDS, TOOLS, toolTitle } from '../tools.ts';

/**
 * What the types cannot check of the tool definitions: a definition that lacks a piece fails here, so `npm test`
 * fails before a tool ships half wired.
 */
describe('the tool definitions', () => {
  it('are one per tool id, in the catalogue order, each under its own id', () => {
    expect(Object.keys(TOOL_DEFINITIONS)).toEqual([...TOOL_IDS]);
    for (const [id, tool] of Object.entries(TOOL_DEFINITIONS)) expect(tool.id).toBe(id);
    expect(TOOL_CATALOGUE.map((tool) => tool.order)).toEqual(TOOL_IDS.map((_, i) => i + 1));
    expect(TOOL_CATALOGUE.map((tool) => tool.path)).toEqual(TOOL_IDS.map((id) => `/tools/${id}`));
  });

  it('give every tool a title (its label in the gallery, statistics and shared pages), unique, and a known icon', () => {
    const titles = TOOLS.map((tool) => toolTitle(tool.id));
    for (const title of titles) expect(title?.trim()).toBeTruthy();
    expect(new Set(titles).size).toBe(TOOLS.length);
    for (const tool of TOOLS) expect(TOOL_ICONS as readonly string[], tool.id).toContain(tool.catalogue.iconName);
    expect(toolTitle('no-such-tool')).toBeNull();
    expect(toolTitle(null)).toBeNull();
  });

  it("seed every tool's quoted price, and the local engine's where a tool has a preview, with its own rows only once", () => {
    const seeded = new Set(DEFAULT_PRICING.map((p) => `${p.service_type}/${p.service_variant}`));
    expect(seeded.size, 'no price row twice').toBe(DEFAULT_PRICING.length);
    for (const tool of TOOLS) {
      expect(TOOL_SERVICE[tool.id]).toEqual(tool.price);
      expect(seeded, `${tool.id}: its quoted price`).toContain(`${tool.price.serviceType}/${tool.price.variant}`);
      expect(seeded, `${tool.id}: the local engine's price`).toContain(`${tool.price.serviceType}/local`);
      for (const row of tool.prices) expect(DEFAULT_PRICING, tool.id).toContainEqual(row);
    }
  });

  it('give every tool run by a model of images or vision its time estimates', () => {
    for (const tool of TOOLS.filter((t) => t.runsOn !== 'speech')) expect(ENGINE_ESTIMATES[tool.id], tool.id).toEqual({ local: expect.any(String), provider: expect.any(String) });
  });
});
