import { describe, expect, it } from 'vitest';
import { generateImageRequest } from '../../../../contract/image-tools.ts';
import { TOOL_IDS, TOOLS } from '../../../../contract/tools.ts';
import { toolEngines } from '../../../providers/ai/engine.ts';
import { LOCAL_ENGINE } from '../../../providers/ai/local-engine.ts';
import type { ServerToolDefinition } from './definition.ts';
import { OWN_ROUTE_TOOLS, SERVER_TOOLS } from './index.ts';

/** What the types cannot check of the server's tool table: a tool whose server side lacks a piece fails here. */
describe("the server's tool definitions", () => {
  const server = (id: (typeof TOOL_IDS)[number]): ServerToolDefinition => SERVER_TOOLS[id];

  it('are one per tool id', () => {
    expect(Object.keys(SERVER_TOOLS).sort()).toEqual([...TOOL_IDS].sort());
  });

  it('give a route of its own, a use case and a sample to every tool whose contract call is its own path under /api/ai', () => {
    const own = TOOLS.filter((tool) => tool.call.toolName === null && tool.call.path.startsWith('/api/ai/')).map((tool) => tool.id);
    expect([...OWN_ROUTE_TOOLS].sort()).toEqual([...own].sort());
    for (const id of own) {
      expect(server(id).durable, id).not.toBeNull();
      expect(server(id).route?.summary, id).toBeTruthy();
      expect(server(id).sample?.({ png: 'p', person: 'q' }), id).toBeTruthy();
    }
  });

  it('give every tool called by a toolName a durable use case (the mockup job aside), each under its own call name', () => {
    for (const tool of TOOLS.filter((t) => t.call.toolName !== null && t.id !== 'mockup-generator')) expect(server(tool.id).durable, tool.id).not.toBeNull();
    const calls = TOOL_IDS.flatMap((id) => server(id).durable?.call ?? []);
    expect(new Set(calls).size).toBe(calls.length);
    expect(calls).not.toContain('upscale');
  });

  it('name the schemas of each call: a toolName of generate-image has its request in the union, a route of its own has its schemas', () => {
    const shared = TOOLS.filter((tool) => tool.call.toolName !== null);
    for (const tool of shared) {
      expect(tool.call.path, tool.id).toBe('/api/ai/generate-image');
      expect(tool.call.toolName).toBe(tool.id);
      expect(generateImageRequest.options as readonly unknown[], tool.id).toContain(server(tool.id).schemas?.request);
    }
    expect(generateImageRequest.options).toHaveLength(shared.length);
    for (const tool of TOOLS.filter((t) => t.call.path.startsWith('/api/ai/'))) expect(server(tool.id).schemas, tool.id).not.toBeNull();
  });

  it('quote every tool on an engine: the local one when no provider is set, priced by its local variant', () => {
    const engines = toolEngines({ imageEditor: { name: LOCAL_ENGINE, editImage: () => Promise.reject(new Error('unused')) }, mockupEditor: null, vision: null, transcriber: null });
    expect(Object.keys(engines).sort()).toEqual([...TOOL_IDS].sort());
    for (const tool of TOOLS.filter((t) => t.runsOn !== 'speech')) expect(engines[tool.id], tool.id).toMatchObject({ engine: 'local', preview: true, service_type: tool.price.serviceType, variant: 'local' });
  });
});
