// Types for import-cycles.js (plain JavaScript so that eslint.config.js loads it without a TypeScript step).
import type { Rule } from 'eslint';

export function resolveImport(fromFile: string, specifier: string): string | null;
export function importsOf(file: string): string[];
export function routeBetween(start: string, goal: string): string[] | null;
export const noCycle: Rule.RuleModule;
export function sourceFiles(root?: string): string[];
export function findCycles(files: string[]): { files: string[]; cycle: string[] }[];
