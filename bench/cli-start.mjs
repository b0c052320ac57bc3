// `docs --help`, `docs --version` and a usage error: time from the process start to the first line of output
// (budget: <= 150 ms), the median of --runs fresh processes. `--root <checkout>` runs another checkout's docs
// (bench/ab.mjs --shared compares two commits).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { emit, median, round } from './lib.mjs';

const { values: opt } = parseArgs({ options: { runs: { type: 'string', default: '15' }, root: { type: 'string' } } });
const root = opt.root ?? fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/docs.js');

function firstLine(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let done = false;
    const onData = () => {
      if (done) return;
      done = true;
      resolve(performance.now() - started);
    };
    child.stdout.once('data', onData);
    child.stderr.once('data', onData);
    child.on('error', reject);
  });
}

const node = [];
for (let i = 0; i < Number(opt.runs); i++) {
  const started = performance.now();
  await new Promise((resolve) => spawn(process.execPath, ['-e', 'process.stdout.write("x")']).stdout.once('data', resolve));
  node.push(performance.now() - started);
}
emit({ figure: 'node_first_output_ms', value: round(median(node)), note: 'a bare `node -e`: the floor' });
for (const [figure, args] of [
  ['help_first_line_ms', ['--help']],
  ['version_first_line_ms', ['--version']],
  ['usage_error_first_line_ms', ['snyc']],
]) {
  const times = [];
  for (let i = 0; i < Number(opt.runs); i++) times.push(await firstLine(args));
  emit({ figure, value: round(median(times)), budget: 150 });
}
