// Types for import-cycles.js (plain JavaScript so that eslint.config.js loads it without a TypeScript step).
import type { Rule } from 'eslint';

export const noCycle: Rule.RuleModule;
export function sourceFiles(root?: string): string[];
export function findCycles(files: string[]): { files: string[]; cycle: string[] }[];
