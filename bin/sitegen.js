#!/usr/bin/env node
// Entry of the `sitegen` command: registers tsx so the CLI, the generator and site.config.ts
// run as TypeScript without a compile step, then hands over to the commander program.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
