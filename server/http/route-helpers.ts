import { badRequest, tooManyRequests } from '../lib/errors.ts';

/**
 * The multipart parser's own errors (no boundary, a body cut short) carry no status: they are the client's
 * malformed upload, not our failure. Its limit errors (413) pass through as they are.
 */
export function malformedUpload(err: unknown): never {
  if (err instanceof Error && (err as { statusCode?: number }).statusCode === undefined) {
    throw badRequest('The upload is not valid multipart/form-data.');
  }
  throw err;
}

/** A route's limit per signed-in user (not per address), e.g. the paid AI calls: `max` calls a minute. */
export function perUserPerMinute(max: number, what: string) {
  return {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: { auth: { user: { id: string } } | null; ip: string }) => request.auth?.user.id ?? request.ip,
    errorResponseBuilder: tooManyRequests(what),
  };
}
