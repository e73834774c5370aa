// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { TOOL_CATALOGUE, type ToolConfig, type ToolStatus } from '../../../contract/tools.ts';
import { footerTools, headerTools, launchAction, launcherTools, sortByOrder } from './tool-filters.ts';

const tool = (id: string, status: ToolStatus, order: number, requiresAuth = true): ToolConfig => ({
  ...TOOL_CATALOGUE[0]!,
  id,
  title: id,
  status,
  order,
  requiresAuth,
});

const tools = [
  tool('disabled', 'disabled', 1),
  tool('soon', 'coming-soon', 5),
  tool('beta', 'beta', 3),
  tool('live', 'available', 4),
  tool('first', 'available', 2),
];
const ids = (list: ToolConfig[]) => list.map((t) => t.id);

describe('tool lists by status, sorted by order', () => {
  it('launcher: available, beta and coming-soon; never disabled', () => {
    expect(ids(launcherTools(tools))).toEqual(['first', 'beta', 'live', 'soon']);
  });

  it('header Create menu: available and beta', () => {
    expect(ids(headerTools(tools))).toEqual(['first', 'beta', 'live']);
  });

  it('footer: available only', () => {
    expect(ids(footerTools(tools))).toEqual(['first', 'live']);
  });

  it('does not reorder the input', () => {
    const input = [tool('b', 'available', 2), tool('a', 'available', 1)];
    sortByOrder(input);
    expect(ids(input)).toEqual(['b', 'a']);
  });
});

describe('launchAction', () => {
  it('opens a working tool for a signed-in user', () => {
    expect(launchAction(tool('live', 'available', 1), true)).toEqual({ kind: 'navigate', to: '/tools/live' });
    expect(launchAction(tool('beta', 'beta', 1), true)).toEqual({ kind: 'navigate', to: '/tools/beta' });
  });

  it('sends a visitor to /auth remembering the tool when it needs sign-in', () => {
    expect(launchAction(tool('live', 'available', 1), false)).toEqual({
      kind: 'navigate',
      to: '/auth',
      state: { from: { pathname: '/tools/live' } },
    });
  });

  it('opens a tool without sign-in requirement for a visitor', () => {
    expect(launchAction(tool('free', 'available', 1, false), false)).toEqual({ kind: 'navigate', to: '/tools/free' });
  });

  it('coming soon: a message for signed-in users, /auth for visitors', () => {
    const soon = tool('soon', 'coming-soon', 1);
    expect(launchAction(soon, true)).toEqual({ kind: 'coming-soon', tool: soon });
    expect(launchAction(soon, false)).toMatchObject({ kind: 'navigate', to: '/auth' });
  });
});
