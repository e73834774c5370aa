/** What a generation will cost before it runs (spec 2 §2): every paid tool shows it next to its button. */
import { queryOptions } from '@tanstack/react-query';
import { costPredictionSchema, type CostPrediction } from '../../../contract/credits.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { creditKeys } from '../../lib/query-keys.ts';

/** The credits area's message for any credit figure that could not be read. */
const CREDIT_INFO_ERROR = 'Failed to load credit information';

export interface CostQuery {
  serviceType: string;
  variant?: string;
  requiresPreprocessing?: boolean;
}

/** GET /api/credits/predict-cost: what a generation will cost and whether the user can afford it. */
export async function predictCost({ serviceType, variant = 'standard', requiresPreprocessing = false }: CostQuery): Promise<CostPrediction> {
  const data = await api.get<unknown>('/credits/predict-cost', {
    query: { service_type: serviceType, variant, requires_preprocessing: requiresPreprocessing },
  });
  return parseAnswer(costPredictionSchema, data, CREDIT_INFO_ERROR);
}

export const costPredictionQueryOptions = (q: CostQuery) =>
  queryOptions({
    queryKey: creditKeys.prediction(q.serviceType, q.variant ?? 'standard', q.requiresPreprocessing ?? false),
    queryFn: () => predictCost(q),
    staleTime: 10_000,
  });
