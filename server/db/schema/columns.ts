import { numeric } from 'drizzle-orm/pg-core';

/** Credits are numeric(14,4): exact, and strings when they leave the database. */
export const credits = (name: string) => numeric(name, { precision: 14, scale: 4 });
