// Zod compiles object parsers with `new Function` when it may, and first probes whether it may.
// The site's Content-Security-Policy has no 'unsafe-eval', so in the browser that probe is
// refused and Chrome records a CSP issue on every page that validates a form or an answer
// (Lighthouse: best practices 96). Parsing without compiled parsers is as correct, fast enough
// for a form, and never asks for eval. Imported first by every island's providers and the
// header menu, before anything builds a schema. Only zod's small config module is loaded here:
// the schemas, and zod itself, come with the code that validates (docs/decisions/124).
import { config } from 'zod/v4/core';

config({ jitless: true });
