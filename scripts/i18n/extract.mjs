#!/usr/bin/env node
// `npm run i18n:extract`: Lingui's extraction, one catalogue area at a time
// (I18N_AREA, see lingui.config.ts), since the API's mail texts and the shared
// texts come from the same files. `npm run i18n:extract -- <area>…` extracts
// only those areas.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const features = readdirSync(path.join(root, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(root, 'apps/web/src/features', entry.name, 'locales/en.po')))
  .map((entry) => entry.name);
const areas = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [...features, 'web', 'api', 'shared'];
for (const area of areas) {
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract'], {
    env: { ...process.env, I18N_AREA: area },
    stdio: 'inherit',
    cwd: root,
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
