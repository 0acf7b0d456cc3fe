#!/usr/bin/env node
// Entry of the `sitegen` command: registers tsx so the CLI, the generator and site.config.ts
// run as TypeScript without a compile step, then hands over to the commander program.
import { register } from 'tsx/esm/api';

// React's development build renders several times slower; pages are always production output.
process.env.NODE_ENV ??= 'production';
register();
await import('./cli.ts');
