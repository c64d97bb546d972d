// (b) Kubernetes: renders every overlay and checks it (skipped, with a note, without kubectl).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { isDir, isObject, rel } from './helpers.mjs';
import { REALM_FILE, REALM_IMPORT_FILE, renderRealmImport } from '../../keycloak/realm-import.mjs';
import { checkRendered } from './k8s-rendered.mjs';
import { findKubectl, renderOverlay } from './kubectl.mjs';
import { error } from './report.mjs';

export function checkKubernetes(root, topicNames, { skip }) {
  const k8sDir = path.join(root, 'k8s');
  if (!isDir(k8sDir)) {
    error('k8s', 'missing');
    return 'failed';
  }
  if (skip) {
    console.log('k8s: skipped: --skip-k8s');
    return 'skipped';
  }
  // The KeycloakRealmImport is generated from the one realm file (issue 27, item 3).
  const realmAbs = path.join(root, REALM_FILE);
  const importAbs = path.join(root, REALM_IMPORT_FILE);
  if (existsSync(realmAbs) && existsSync(importAbs)) {
    let expected;
    try {
      expected = renderRealmImport(readFileSync(realmAbs, 'utf8'));
    } catch (e) {
      error(REALM_FILE, `cannot be rendered into ${REALM_IMPORT_FILE}: ${e.message}`);
    }
    if (expected !== undefined && readFileSync(importAbs, 'utf8') !== expected)
      error(
        REALM_IMPORT_FILE,
        `does not match ${REALM_FILE}: run node infra/keycloak/realm-import.mjs --write`,
      );
  }
  const kubectl = findKubectl();
  if (!kubectl) {
    console.log('k8s: skipped: kubectl not found');
    return 'skipped';
  }
  const overlaysDir = path.join(k8sDir, 'overlays');
  const overlays = isDir(overlaysDir)
    ? readdirSync(overlaysDir)
        .filter((d) =>
          ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].some((f) =>
            existsSync(path.join(overlaysDir, d, f)),
          ),
        )
        .sort()
    : [];
  if (overlays.length === 0) error('k8s/overlays', 'no overlay with a kustomization.yaml');
  for (const overlay of overlays) {
    const label = `k8s/overlays/${overlay}`;
    const overlayAbs = path.join(overlaysDir, overlay);
    const result = renderOverlay(kubectl, overlayAbs);
    if (!result.ok) {
      error(label, `kubectl kustomize failed: ${result.message}`);
      continue;
    }
    const objects = [];
    for (const d of YAML.parseAllDocuments(result.output)) {
      if (d.errors.length > 0) {
        error(label, `rendered YAML does not parse: ${d.errors[0].message.split('\n')[0]}`);
        continue;
      }
      const obj = d.toJS();
      if (!isObject(obj)) continue;
      const annotations = obj.metadata?.annotations;
      const origin = annotations?.['config.kubernetes.io/origin'];
      if (origin) {
        const parsed = YAML.parse(origin) ?? {};
        const originPath = parsed.path ?? parsed.configuredIn; // generated objects only have configuredIn
        if (originPath && result.originBase)
          obj.__origin = rel(root, path.resolve(result.originBase, originPath));
        delete annotations['config.kubernetes.io/origin'];
        if (Object.keys(annotations).length === 0) delete obj.metadata.annotations;
      }
      objects.push(obj);
    }
    checkRendered(label, objects, topicNames, root);
    console.log(`k8s: rendered ${label}: ${objects.length} objects`);
  }
  return 'checked';
}
