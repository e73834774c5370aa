import { Agent } from 'undici';

/**
 * The fetch every provider SDK is given. Node's built-in fetch stops waiting for an answer's headers after 300 s
 * (undici's default headersTimeout) and between body chunks after 300 s (bodyTimeout), whatever the caller's own
 * timeout says: a Deepgram call allowed 600 s would end at 300 s as a "network error". Here both undici limits sit
 * just above the call's own timeout, which the SDK enforces with its AbortSignal, so that timeout is the one that
 * fires, with its own message.
 */
export type ProviderFetch = typeof fetch;

/** Slack above the call's timeout so its AbortSignal, not undici, ends a slow call. */
const SLACK_MS = 30_000;

const agents = new Map<number, Agent>();

/** The undici agent for calls allowed `timeoutMs` (one per distinct timeout, kept for the process's life). */
export function providerAgent(timeoutMs: number, slackMs = SLACK_MS): Agent {
  const limit = timeoutMs + slackMs;
  let agent = agents.get(limit);
  if (!agent) {
    agent = new Agent({ headersTimeout: limit, bodyTimeout: limit, connect: { timeout: 30_000 } });
    agents.set(limit, agent);
  }
  return agent;
}

/** A fetch whose transport waits as long as `timeoutMs` (plus slack) for headers and body. */
export function providerFetch(timeoutMs: number, slackMs = SLACK_MS): ProviderFetch {
  const dispatcher = providerAgent(timeoutMs, slackMs);
  // Node's fetch takes undici's dispatcher option (same undici major as Node 24 bundles; see package.json).
  return ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, dispatcher } as RequestInit)) as ProviderFetch;
}
