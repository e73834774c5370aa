/**
 * Who runs the service, as the legal pages name it: the server's LEGAL_ENTITY_NAME and LEGAL_JURISDICTION settings,
 * read from GET /api/site (data.legal). Until that answers, or when it fails, the pages show LEGAL_DEFAULTS.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { APP_NAME } from '../../../contract/constants.ts';
import { api } from '../../lib/api.ts';

export interface LegalOperator {
  /** The company that operates the service, e.g. "Ampkit LLC". */
  entityName: string;
  /** Where it is organised and whose laws apply, written to follow "the laws of", e.g. "the State of New Mexico, USA". */
  jurisdiction: string;
}

/** The server's defaults (spec 1 §9: a company in New Mexico, USA), shown until /api/site answers or when it fails. */
export const LEGAL_DEFAULTS: LegalOperator = { entityName: `${APP_NAME} LLC`, jurisdiction: 'the State of New Mexico, USA' };

/** The date the texts last changed; change it with the texts. */
export const LEGAL_LAST_UPDATED = '2026-11-24';

const siteLegal = z.object({
  legal: z.object({ entity_name: z.string().trim().optional(), jurisdiction: z.string().trim().optional() }),
});

/** GET /api/site → data.legal; a missing or empty field keeps its default. */
export async function fetchLegalOperator(): Promise<LegalOperator> {
  const parsed = siteLegal.safeParse(await api.get<unknown>('/site'));
  if (!parsed.success) throw new Error('Unexpected answer from /api/site', { cause: parsed.error });
  const { entity_name: entityName, jurisdiction } = parsed.data.legal;
  return { entityName: entityName || LEGAL_DEFAULTS.entityName, jurisdiction: jurisdiction || LEGAL_DEFAULTS.jurisdiction };
}

export const legalOperatorQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'legal'] as const, queryFn: fetchLegalOperator, staleTime: 10 * 60_000 });

/** The operator to name: the server's settings once read, LEGAL_DEFAULTS before that and after a failure. */
export function useLegalOperator(): LegalOperator {
  const { data, error } = useQuery(legalOperatorQueryOptions());
  useEffect(() => {
    if (error) console.warn('Legal settings could not be read; showing the defaults', error);
  }, [error]);
  return data ?? LEGAL_DEFAULTS;
}
