// Zod compiles fast checkers with new Function, which this site's Content-Security-Policy forbids (script-src 'self',
// no 'unsafe-eval'): its probe alone is reported as a violation on every page. Zod reads this setting when its first
// schema is made, so it is set here, by a deferred script that runs before the app's module scripts.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
