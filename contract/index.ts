export * from './constants.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './tools.ts';
export * from './credits.ts';
export * from './files.ts';
export * from './ai.ts';
