/**
 * Zod 4 probes `new Function("")` to decide whether it may compile fast parsers. Under the app's content
 * security policy (script-src 'self', no 'unsafe-eval') the probe fails quietly but the browser still reports
 * a `securitypolicyviolation` on every page. Jitless mode skips the probe. It must run before any schema is
 * created (the probe happens when the first object schema is built), so main.tsx imports this module first.
 */
import { z } from "zod";

z.config({ jitless: true });
