/**
 * Zod compiles object parsers with `new Function` where it may, and probes for it when the first schema is
 * built. The portal's Content-Security-Policy forbids eval (decision 027), so the probe would fail anyway,
 * and the browser would report it as a violation. main.tsx imports this first, before any schema exists.
 */
import { config } from "zod";

config({ jitless: true });
