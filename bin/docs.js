#!/usr/bin/env node
import { existsSync } from 'node:fs';

// The bundle (`npm run build`) starts faster; the compiled modules are the same code, file by file.
const bundle = new URL('../dist/bundle/main.js', import.meta.url);
import(existsSync(bundle) ? bundle.href : '../dist/cli/main.js').then((cli) => cli.main(process.argv));
