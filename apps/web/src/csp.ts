/**
 * Runs first (imported before anything else by main.tsx): the page's content security policy
 * forbids eval, so zod is told not to compile its parsers with `new Function` (it would probe
 * for eval once and the browser would report a CSP violation; parsing is the same without).
 */
import { config } from "zod";

config({ jitless: true });
