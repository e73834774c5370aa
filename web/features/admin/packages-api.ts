import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPackageResponse, adminPackagesResponse, type AdminPackageInput } from '../../../contract/admin-payments.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { creditKeys } from '../../lib/query-keys.ts';
import { adminKeys } from './admin-api.ts';

const packagesKey = [...adminKeys.tab('settings'), 'packages'] as const;

/** GET /api/admin/credit-packages: every package, inactive ones too. */
export const packagesQuery = () =>
  queryOptions({
    queryKey: packagesKey,
    queryFn: async () => parseAnswer(adminPackagesResponse, await api.get<unknown>('/admin/credit-packages'), 'Failed to load credit packages'),
  });

/** Create (no id), update (id) or deactivate a package; refreshes the list, the shop's packages and the change log. */
export function usePackageWrite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id?: string; body?: AdminPackageInput; deactivate?: boolean }) => {
      const answer = input.deactivate
        ? await api.delete<unknown>(`/admin/credit-packages/${input.id}`)
        : input.id
          ? await api.put<unknown>(`/admin/credit-packages/${input.id}`, input.body)
          : await api.post<unknown>('/admin/credit-packages', input.body);
      return parseAnswer(adminPackageResponse, answer, ADMIN_MESSAGES.saveConfig).package;
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: packagesKey });
      await client.invalidateQueries({ queryKey: creditKeys.packages });
      await client.invalidateQueries({ queryKey: adminKeys.audit('settings') });
    },
  });
}
