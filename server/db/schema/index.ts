export * from './users.ts';
export * from './tools.ts';
export * from './credits.ts';
export * from './payments.ts';
export * from './files.ts';
export * from './generations.ts';
export * from './transcriptions.ts';
export * from './site.ts';
