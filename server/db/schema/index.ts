export * from './users.ts';
export * from './tools.ts';
