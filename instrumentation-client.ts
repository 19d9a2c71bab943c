// Runs in the browser before any of the app's modules (Next's instrumentation-client
// convention). zod 4 compiles object parsers with `new Function` when it can, and
// probes whether it can by calling it once: under the pages' Content-Security-Policy
// (no 'unsafe-eval', docs/decisions/0912) the probe is refused and Chromium reports a
// violation on every page with a form. jitless skips the probe and the compiled
// parsers; the forms' schemas are small. The server keeps zod's compiled parsers.
import { config } from "zod";

config({ jitless: true });
