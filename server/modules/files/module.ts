import { defineModule, mount } from '../module.ts';
import { filesJobs } from './jobs.ts';
import { filesRoutes, publicFileRoutes } from './routes.ts';
import { createFilesService } from './service.ts';

/** Storage, the gallery, sharing and expiry: `/api/files`, and `/api/file` for shared files. */
export const filesModule = defineModule({
  name: 'files',
  create(core) {
    const { config } = core;
    const files = createFilesService({
      db: core.db,
      storage: core.storage,
      clock: core.clock,
      settings: {
        publicUrl: config.PUBLIC_URL,
        retentionDays: config.FILE_RETENTION_DAYS,
        maxImagePixels: config.MAX_IMAGE_PIXELS,
        maxImageBytes: config.UPLOAD_MAX_IMAGE_BYTES,
        maxAudioBytes: config.UPLOAD_MAX_AUDIO_BYTES,
        quotaBytes: Math.round(config.STORAGE_QUOTA_GB * 1024 ** 3),
      },
    });
    return {
      service: files,
      routes: {
        public: [
          mount(filesRoutes, {
            prefix: '/api/files',
            files,
            limits: { maxUploadBytes: Math.max(config.UPLOAD_MAX_IMAGE_BYTES, config.UPLOAD_MAX_AUDIO_BYTES) },
          }),
          mount(publicFileRoutes, { prefix: '/api/file', files }),
        ],
      },
      jobs: (log) => filesJobs(files, log),
    };
  },
});
