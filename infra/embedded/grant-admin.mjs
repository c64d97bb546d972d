#!/usr/bin/env node
// `npm run admin:grant -- someone@example.com`: gives an existing account the admin role
// (ADR 0006). Uses the embedded PostgreSQL of `npm start` unless DATABASE_URL is set, builds the
// identity service when its dist/ is missing, then runs its grant-admin script.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(root, 'dist/services/identity/src/grant-admin.js');
const email = process.argv[2];

if (!email) {
  console.error('usage: npm run admin:grant -- someone@example.com');
  process.exit(2);
}

const databaseUrl =
  process.env.DATABASE_URL ??
  `postgres://postgres:postgres@127.0.0.1:${process.env.PG_PORT ?? 54329}/loadout`;

if (!existsSync(script)) {
  console.log('[loadout] building the identity service…');
  const build = spawnSync(
    process.execPath,
    ['infra/scripts/build-backend.mjs', 'services/identity'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const run = spawnSync(process.execPath, [script, email], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl },
});
process.exit(run.status ?? 1);
