import { defineModule } from '../module.ts';
import { createAccountService } from './service.ts';

/** The profile's storage and credits (answered under `/api/auth/profile` by the auth module's routes). */
export const accountModule = defineModule({
  name: 'account',
  create(core) {
    return { service: createAccountService({ storageQuotaGb: core.config.STORAGE_QUOTA_GB }) };
  },
});
