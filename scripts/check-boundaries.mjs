#!/usr/bin/env node
// Proves the module-boundary rule bites: plants imports the architecture
// forbids (and a few it allows) into each project, lints them with the
// project's real ESLint config, and fails unless every forbidden import is an
// @nx/enforce-module-boundaries error and every allowed one lints clean.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const PROBE = '__boundary_probe__';

const cases = [
  { project: 'libs/rules/src', source: "import { PlatformConfig } from '@crew/domain';", forbidden: true, why: 'the shared rules depend on nothing' },
  { project: 'libs/rules/src', source: "import { apiRoutes } from '@crew/contracts';", forbidden: true, why: 'the shared rules depend on nothing' },
  { project: 'libs/rules/src', source: "import { z } from 'zod';", forbidden: true, why: 'the shared rules import no package, not even zod' },
  { project: 'libs/domain/src', source: "import { REVIEW_TEXT } from '@crew/rules';", forbidden: false, why: 'the domain reads the shared rules' },
  { project: 'libs/domain/src', source: "import { REVIEW_TEXT } from '../../../rules/src/review-rules';", forbidden: true, why: 'read as @crew/rules, not by path' },
  { project: 'libs/domain/src', source: "import { apiRoutes } from '@crew/contracts';", forbidden: true, why: 'domain depends on nothing' },
  { project: 'libs/domain/src', source: "import { DataSource } from 'typeorm';", forbidden: true, why: 'the domain is free of framework code' },
  { project: 'libs/domain/src', source: "import { Injectable } from '@nestjs/common';", forbidden: true, why: 'the domain is free of framework code' },
  { project: 'libs/contracts/src', source: "import { PlatformConfig } from '@crew/domain';", forbidden: true, why: 'contracts depend on nothing but the shared rules' },
  { project: 'libs/contracts/src', source: "import { REVIEW_TEXT } from '@crew/rules';", forbidden: false, why: 'contracts read the shared rules' },
  { project: 'libs/projections/src', source: "import { apiRoutes } from '@crew/contracts';", forbidden: true, why: 'projections depend only on the domain' },
  { project: 'libs/projections/src', source: "import { PlatformConfig } from '@crew/domain';", forbidden: false, why: 'projections may use the domain' },
  { project: 'apps/web/src', source: "import { PlatformConfig } from '@crew/domain';", forbidden: true, why: 'the web client never imports the domain' },
  { project: 'apps/web/src', source: "import { allProjectors } from '@crew/projections';", forbidden: true, why: 'the web client never imports projections' },
  { project: 'apps/web/src', source: "import { AppModule } from '../../../api/src/app.module';", forbidden: true, why: 'the web client never imports the API' },
  { project: 'apps/web/src', source: "import { apiRoutes } from '@crew/contracts';", forbidden: false, why: 'the web client shares the contracts' },
  { project: 'apps/web/src', source: "import { REVIEW_TEXT } from '@crew/rules';", forbidden: false, why: 'the web client reads the shared rules' },
  { project: 'apps/api/src', source: "import { allProjectors } from '@crew/projections';", forbidden: false, why: 'the API uses every lib' },
];

// The rule reads Nx's cached project graph; compute it first.
execFileSync('npx', ['nx', 'show', 'projects'], { cwd: root, stdio: 'ignore', env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' } });

const planted = cases.map((c, i) => {
  const dir = path.join(root, c.project, PROBE);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `case-${i}.ts`);
  writeFileSync(file, `${c.source}\nexport const probe = [${c.source.match(/import \{ (\w+) \}/)[1]}];\n`);
  return { ...c, file, dir };
});

let failed = 0;
try {
  const eslint = new ESLint({ cwd: root });
  for (const c of planted) {
    const [result] = await eslint.lintFiles([c.file]);
    const boundaryErrors = result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries' && m.severity === 2);
    const ok = c.forbidden ? boundaryErrors.length > 0 : boundaryErrors.length === 0;
    if (!ok) failed += 1;
    const verdict = c.forbidden ? (ok ? 'rejected' : 'NOT rejected') : ok ? 'allowed' : 'wrongly rejected';
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${c.project}: ${c.source} -> ${verdict} (${c.why})`);
    if (!ok) for (const m of boundaryErrors) console.log(`       ${m.message.split('\n')[0]}`);
  }
} finally {
  for (const c of planted) rmSync(c.dir, { recursive: true, force: true });
}
console.log(`boundaries: ${planted.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
