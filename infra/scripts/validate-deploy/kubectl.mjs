// (b) Kubernetes: finding kubectl, rendering an overlay, names and selectors.

import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isObject } from './helpers.mjs';

// ------------------------------------------------------------------------- (b) kubernetes
export function findKubectl() {
  const candidates = process.env.KUBECTL
    ? [process.env.KUBECTL]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((d) => path.join(d, 'kubectl'));
  for (const c of candidates) {
    try {
      accessSync(c, constants.X_OK);
      if (statSync(c).isFile()) return c;
    } catch {
      /* next */
    }
  }
  return null;
}

/**
 * Renders an overlay. Wrapping it in a throwaway kustomization with originAnnotations tells
 * which file each object came from; falls back to a plain render if that is not possible.
 */
export function renderOverlay(kubectl, overlayAbs) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'validate-deploy-'));
  try {
    symlinkSync(overlayAbs, path.join(tmp, 'overlay'));
    writeFileSync(
      path.join(tmp, 'kustomization.yaml'),
      'resources:\n  - overlay\nbuildMetadata: [originAnnotations]\n',
    );
    const wrapped = spawnSync(kubectl, ['kustomize', tmp], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (wrapped.status === 0)
      return { ok: true, output: wrapped.stdout, originBase: path.dirname(overlayAbs) };
  } catch {
    /* fall through to the plain render */
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const plain = spawnSync(kubectl, ['kustomize', overlayAbs], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (plain.error) return { ok: false, message: plain.error.message };
  if (plain.status !== 0)
    return {
      ok: false,
      message: (plain.stderr || plain.stdout).trim().split('\n').slice(0, 4).join(' | '),
    };
  return { ok: true, output: plain.stdout, originBase: undefined };
}

export const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
  'IngressClass',
  'PriorityClass',
  'ClusterIssuer',
  'MutatingWebhookConfiguration',
  'ValidatingWebhookConfiguration',
]);
export const DNS_SUBDOMAIN =
  /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
export const DNS_LABEL = /^(?=.{1,63}$)[a-z]([-a-z0-9]*[a-z0-9])?$/;

export const matchesSelector = (selector, labels) =>
  isObject(selector) &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/**
 * A full LabelSelector (`matchLabels` and `matchExpressions`), as NetworkPolicies use them;
 * `{}` selects every pod, a missing selector none.
 */
export function matchesLabelSelector(selector, labels) {
  if (!selector) return false;
  const { matchLabels = {}, matchExpressions = [] } = selector;
  if (Object.keys(matchLabels).length === 0 && matchExpressions.length === 0) return true;
  const byLabels =
    Object.keys(matchLabels).length === 0 || matchesSelector(matchLabels, labels ?? {});
  const byExpressions = matchExpressions.every((e) => {
    const value = labels?.[e.key];
    if (e.operator === 'In') return (e.values ?? []).includes(value);
    if (e.operator === 'NotIn') return !(e.values ?? []).includes(value);
    if (e.operator === 'Exists') return value !== undefined;
    if (e.operator === 'DoesNotExist') return value === undefined;
    return false;
  });
  return byLabels && byExpressions;
}
