#!/usr/bin/env node
// Renders the Keycloak Operator's KeycloakRealmImport for Kubernetes from loadout-realm.json,
// the one realm file (compose and `npm run keycloak:start` import it as it is).
//
//   node infra/keycloak/realm-import.mjs            print the YAML
//   node infra/keycloak/realm-import.mjs --write    write k8s/components/keycloak/realm-import.yaml
//
// Every `${LOADOUT_…:default}` placeholder loses its default here and is taken from the Secret
// keycloak-realm-settings (spec.placeholders): the defaults are development values (localhost,
// mailpit, no SMTP auth), so a production import missing one must not start rather than send
// sign-up mail nowhere (issue 27, item 3). validate-deploy checks the file is up to date.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

export const REALM_FILE = 'infra/keycloak/loadout-realm.json';
export const REALM_IMPORT_FILE = 'k8s/components/keycloak/realm-import.yaml';
export const REALM_SETTINGS_SECRET = 'keycloak-realm-settings';
/** The Keycloak CR of components/keycloak/keycloak.yaml. */
export const KEYCLOAK_CR_NAME = 'keycloak';
const PLACEHOLDER = /\$\{(LOADOUT_[A-Z0-9_]+)(?::[^}]*)?\}/g;

/** The placeholders a realm file uses, in order of first use. */
export function realmPlaceholders(text) {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/** The KeycloakRealmImport YAML for the realm file's text. */
export function renderRealmImport(realmText) {
  const realm = JSON.parse(realmText.replace(PLACEHOLDER, (_m, name) => `\${${name}}`));
  const names = realmPlaceholders(realmText);
  const doc = {
    apiVersion: 'k8s.keycloak.org/v2alpha1',
    kind: 'KeycloakRealmImport',
    metadata: { name: `${KEYCLOAK_CR_NAME}-${realm.realm}` },
    spec: {
      keycloakCRName: KEYCLOAK_CR_NAME,
      placeholders: Object.fromEntries(
        names.map((n) => [n, { secret: { name: REALM_SETTINGS_SECRET, key: n } }]),
      ),
      realm,
    },
  };
  return [
    `# GENERATED from ${REALM_FILE} by \`node infra/keycloak/realm-import.mjs --write\`. Do not edit by hand.`,
    `# Placeholders without defaults: each comes from the Secret ${REALM_SETTINGS_SECRET} (k8s/README.md).`,
    YAML.stringify(doc, { lineWidth: 0 }),
  ].join('\n');
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const rendered = renderRealmImport(readFileSync(path.join(root, REALM_FILE), 'utf8'));
  if (process.argv[2] === '--write') {
    writeFileSync(path.join(root, REALM_IMPORT_FILE), rendered);
    console.log(`wrote ${REALM_IMPORT_FILE}`);
  } else process.stdout.write(rendered);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
