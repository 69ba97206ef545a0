/**
 * Zod compiles object parsers with `new Function` where it may, and probes for it when the first schema is
 * built. The portal's Content-Security-Policy forbids eval (decision 027), so the probe would fail anyway,
 * and the browser would report it as a violation. main.tsx imports this first, before any schema exists.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` (so that several copies of zod share them) and
 * takes an object found there as its own. Setting it here, rather than calling zod's `config()`, keeps zod
 * out of the entry: only the pages with forms fetch it (decision 062).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
