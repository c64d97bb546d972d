// (a) docker-compose.yml, distributed mode: moved images and the Keycloak realms compose imports.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { realmPlaceholders } from '../../keycloak/realm-import.mjs';
import { normalizeEnvironment } from './compose-syntax.mjs';
import { KEYCLOAK_IMPORT_DIR } from './deploy-rules.mjs';
import { isDir, isObject, rel } from './helpers.mjs';
import { error, warn } from './report.mjs';

/** Images no longer published where they used to be, and where they are now. */
export const MOVED_IMAGES = [
  { from: /^(docker\.io\/)?minio\/minio(:|@|$)/, to: 'quay.io/minio/minio' },
  { from: /^(docker\.io\/)?minio\/mc(:|@|$)/, to: 'quay.io/minio/mc' },
];

/**
 * Compose defects of the distributed mode (issue 10): images that moved registries, a
 * pg_isready that can answer before TCP is up, and a realm file with one environment's URLs
 * and mail host baked in (each Keycloak must set the placeholders it uses).
 */
export function checkComposeDistributed(root, file, services) {
  for (const [name, svc] of Object.entries(services)) {
    if (!isObject(svc)) continue;
    const image = String(svc.image ?? '');
    for (const moved of MOVED_IMAGES)
      if (moved.from.test(image))
        error(
          file,
          `services.${name}.image ${image} is no longer published there; use ${moved.to}`,
        );
    const test = svc.healthcheck?.test;
    const text = Array.isArray(test) ? test.join(' ') : String(test ?? '');
    if (/\bpg_isready\b/.test(text) && !/\s(-h|--host)(\s|=)/.test(text))
      error(
        file,
        `services.${name}.healthcheck: pg_isready without -h checks the Unix socket, which answers before TCP connections are accepted`,
      );
  }
  const realmPath = path.join(root, 'infra/keycloak/loadout-realm.json');
  if (!existsSync(realmPath)) return;
  const realmText = readFileSync(realmPath, 'utf8');
  if (/"https?:\/\/localhost:8080/.test(realmText) || /"host":\s*"mailpit"/.test(realmText))
    error(
      'infra/keycloak/loadout-realm.json',
      'hard-codes http://localhost:8080 or the mailpit host; use ${LOADOUT_PUBLIC_URL:…} / ${LOADOUT_SMTP_HOST:…} placeholders',
    );
  // Every placeholder: a default in the file is another environment's value (issue 27, item 3).
  const used = realmPlaceholders(realmText);
  for (const [name, svc] of Object.entries(services)) {
    const command = Array.isArray(svc?.command)
      ? svc.command.join(' ')
      : String(svc?.command ?? '');
    if (!/(^|\s)--import-realm(\s|$)/.test(command)) continue;
    const env = normalizeEnvironment(svc.environment);
    for (const v of used)
      if (env[v] === undefined)
        error(
          file,
          `services.${name}.environment: no ${v}, so the imported realm falls back to the file's default (another environment's value)`,
        );
  }
}

/**
 * Keycloak services started with --import-realm import the realm files of the directory bound
 * to KEYCLOAK_IMPORT_DIR. Each file must be JSON naming a realm, and every realm the apps name
 * (KEYCLOAK_REALM, AUTH_ISSUER .../realms/<name>) must be among them. No realm file yet is a
 * warning (it arrives with the identity service), a realm nobody imports is an error.
 */
export function checkKeycloakRealms(root, file, services) {
  const imported = new Map();
  const importDirs = [];
  for (const [name, svc] of Object.entries(services)) {
    if (!isObject(svc)) continue;
    const command = Array.isArray(svc.command) ? svc.command.join(' ') : String(svc.command ?? '');
    if (!/(^|\s)--import-realm(\s|$)/.test(command)) continue;
    for (const v of Array.isArray(svc.volumes) ? svc.volumes : []) {
      const [source, target] =
        typeof v === 'string' ? v.split(':') : isObject(v) ? [v.source, v.target] : [];
      if (
        !source ||
        !/^[./~]/.test(source) ||
        path.posix.normalize(target ?? '') !== KEYCLOAK_IMPORT_DIR
      )
        continue;
      const dirAbs = path.resolve(root, source);
      importDirs.push({ service: name, source, exists: isDir(dirAbs) });
      if (!isDir(dirAbs)) continue; // reported with the volumes (error, or warning when pending)
      for (const entry of readdirSync(dirAbs)
        .filter((f) => f.endsWith('.json'))
        .sort()) {
        const realmFile = rel(root, path.join(dirAbs, entry));
        let realm;
        try {
          realm = JSON.parse(readFileSync(path.join(dirAbs, entry), 'utf8'))?.realm;
        } catch (e) {
          error(realmFile, `is not valid JSON (Keycloak would not start): ${e.message}`);
          continue;
        }
        if (typeof realm !== 'string' || !realm) error(realmFile, 'has no "realm" name');
        else if (imported.has(realm))
          error(realmFile, `realm "${realm}" is also defined in ${imported.get(realm)}`);
        else imported.set(realm, realmFile);
      }
    }
  }
  if (importDirs.length === 0) return;

  const named = new Map();
  for (const [name, svc] of Object.entries(services)) {
    if (!isObject(svc)) continue;
    const env = normalizeEnvironment(svc.environment);
    const add = (realm, key) => {
      if (!named.has(realm)) named.set(realm, []);
      named.get(realm).push(`services.${name}.environment.${key}`);
    };
    if (typeof env.KEYCLOAK_REALM === 'string' && env.KEYCLOAK_URL !== undefined)
      add(env.KEYCLOAK_REALM, 'KEYCLOAK_REALM');
    const issuer = /\/realms\/([^/?#]+)\/?$/.exec(String(env.AUTH_ISSUER ?? ''));
    if (issuer) add(decodeURIComponent(issuer[1]), 'AUTH_ISSUER');
  }
  if (imported.size === 0) {
    // A missing directory already has its warning (or error) from the volumes check.
    const present = importDirs.filter((d) => d.exists);
    if (present.length > 0 && named.size > 0)
      warn(
        file,
        `services.${present[0].service}: no realm file in ${present.map((d) => d.source).join(', ')} yet (expected infra/keycloak/loadout-realm.json); realm ${[...named.keys()].map((r) => `"${r}"`).join(', ')} will not exist and no token is issued until it does`,
      );
    return;
  }
  for (const [realm, where] of named) {
    if (!imported.has(realm))
      error(
        file,
        `${where.join(', ')}: realm "${realm}" is not imported by Keycloak (realm files define ${[...imported.keys()].map((r) => `"${r}"`).join(', ')})`,
      );
  }
}
