#!/usr/bin/env node
// The npm mirror here serves only the Linux glibc builds of rollup's native packages; npm ci still
// wants every optional platform package named in the lock file. Add them by their published os/cpu/libc.
import fs from 'node:fs';
const file = process.argv[2] ?? "package-lock.json";
const l = JSON.parse(fs.readFileSync(file));
const v = l.packages['node_modules/rollup'].version;
const table = {
  'android-arm-eabi': ['android', 'arm'], 'android-arm64': ['android', 'arm64'], 'android-x64': ['android', 'x64'],
  'darwin-arm64': ['darwin', 'arm64'], 'darwin-x64': ['darwin', 'x64'],
  'freebsd-arm64': ['freebsd', 'arm64'], 'freebsd-x64': ['freebsd', 'x64'],
  'linux-arm-gnueabihf': ['linux', 'arm', 'glibc'], 'linux-arm-musleabihf': ['linux', 'arm', 'musl'],
  'linux-arm64-musl': ['linux', 'arm64', 'musl'],
  'linux-loong64-gnu': ['linux', 'loong64', 'glibc'], 'linux-loong64-musl': ['linux', 'loong64', 'musl'],
  'linux-ppc64-gnu': ['linux', 'ppc64', 'glibc'], 'linux-ppc64-musl': ['linux', 'ppc64', 'musl'],
  'linux-riscv64-gnu': ['linux', 'riscv64', 'glibc'], 'linux-riscv64-musl': ['linux', 'riscv64', 'musl'],
  'linux-s390x-gnu': ['linux', 's390x', 'glibc'], 'linux-x64-musl': ['linux', 'x64', 'musl'],
  'openbsd-x64': ['openbsd', 'x64'], 'openharmony-arm64': ['openharmony', 'arm64'],
  'win32-arm64-msvc': ['win32', 'arm64'], 'win32-ia32-msvc': ['win32', 'ia32'],
  'win32-x64-gnu': ['win32', 'x64'], 'win32-x64-msvc': ['win32', 'x64'],
};
const wanted = Object.keys(l.packages['node_modules/rollup'].optionalDependencies).filter((n) => n.startsWith('@rollup/'));
for (const name of wanted) {
  const key = `node_modules/${name}`;
  if (l.packages[key]) continue;
  const t = table[name.replace('@rollup/rollup-', '')];
  if (!t) throw new Error(`no platform for ${name}`);
  const [os, cpu, libc] = t;
  l.packages[key] = { version: v, cpu: [cpu], dev: true, ...(libc ? { libc: [libc] } : {}), license: 'MIT', optional: true, os: [os] };
}

fs.writeFileSync(file, JSON.stringify(l, null, 2) + '\n');
