#!/usr/bin/env node
// The registry this project installs from serves only the Linux builds of
// native packages (swc, unrs-resolver, msgpackr-extract). `npm install` then
// leaves the other platforms' optional packages out of package-lock.json and
// `npm ci` refuses the lock as out of sync. This adds an entry for each
// missing optional platform package, with the os/cpu its name declares, so
// `npm ci` accepts the lock and skips them as foreign platforms, exactly as it
// does for complete locks. Run after any `npm install` that changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'netbsd', 'openbsd', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((t) => OS.includes(t));
  const cpu = tokens.find((t) => CPU.includes(t));
  if (!os || !cpu) return undefined;
  const entry = { os: [os], cpu: [cpu] };
  if (tokens.includes('musl') || tokens.includes('musleabihf')) entry.libc = ['musl'];
  else if (os === 'linux' && tokens.some((t) => t.startsWith('gnu'))) entry.libc = ['glibc'];
  return entry;
}

// Where npm would look for `name` when required from package at `from`.
function resolves(from, name) {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

let added = 0;
for (const [location, meta] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolves(location, name)) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue;
    if (platform.os[0] === process.platform && platform.cpu[0] === process.arch) continue;
    const at = packages[`node_modules/${name}`] ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    packages[at] = { version: spec, ...platform, ...(meta.dev ? { dev: true } : {}), optional: true };
    added += 1;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock: ${added} foreign-platform optional package(s) recorded`);
