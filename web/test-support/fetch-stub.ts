/** Test helpers: a fetch stub at the global boundary, recording every call. */
import { vi } from 'vitest';
import { TOOLS } from '../../contract/tools.ts';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

export const ok = (data: unknown) => jsonResponse({ success: true, data });
export const fail = (status: number, code: string, message?: string, extra: Record<string, unknown> = {}) =>
  jsonResponse({ success: false, error: { code, ...(message === undefined ? {} : { message }), ...extra } }, status);

/** Replaces global fetch; returns the recorded calls. Undo with vi.unstubAllGlobals(). */
export function stubFetch(handler: Handler): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, key) => {
        headers[key.toLowerCase()] = value;
      });
      const raw = init.body;
      const call: RecordedCall = {
        url: String(input),
        method: init.method ?? 'GET',
        headers,
        body: typeof raw === 'string' ? JSON.parse(raw) : raw,
        credentials: init.credentials,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

/**
 * What GET /api/ai/engines answers with no AI provider set: every tool on the local engine, its service type and
 * estimate from its definition (contract/tools); transcription on the local draft speech engine, as where it is installed.
 */
export function localEngines(): Response {
  const tools = Object.fromEntries(
    TOOLS.map((tool) => [
      tool.id,
      {
        engine: 'local',
        label: 'Local engine',
        preview: true,
        service_type: tool.price.serviceType,
        variant: 'local',
        estimate: tool.estimate?.local ?? 'about a third of the recording’s length',
      },
    ]),
  );
  return ok({ tools });
}

/**
 * Routes by "METHOD /path" (query string ignored); unknown routes answer 404. GET /api/ai/engines answers the local
 * engine for every tool unless the table says otherwise (every paid tool quotes through it).
 */
export function routes(table: Record<string, Handler>): Handler {
  return (call) => {
    const path = call.url.split('?')[0];
    const handler = table[`${call.method} ${path}`] ?? (call.method === 'GET' && path === '/api/ai/engines' ? localEngines : undefined);
    return handler ? handler(call) : fail(404, 'NOT_FOUND', 'Not found');
  };
}
