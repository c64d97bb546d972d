// infra/kafka/topics.txt against the event contracts.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEAD_LETTER_SUFFIX,
  parseTopics,
  renderStrimziTopics,
  STRIMZI_TOPICS_FILE,
} from '../../kafka/topics.mjs';
import { CONTRACT_TOPICS_FILE } from './deploy-rules.mjs';
import { error } from './report.mjs';

// ------------------------------------------------------------------------- kafka topics
export function checkTopics(root) {
  const file = 'infra/kafka/topics.txt';
  const abs = path.join(root, file);
  if (!existsSync(abs)) {
    error(file, 'missing');
    return null;
  }
  const { topics, errors } = parseTopics(readFileSync(abs, 'utf8'));
  for (const e of errors) error(file, e);
  checkContractTopics(root, file, topics);
  const generatedAbs = path.join(root, STRIMZI_TOPICS_FILE);
  if (existsSync(path.dirname(generatedAbs))) {
    const current = existsSync(generatedAbs) ? readFileSync(generatedAbs, 'utf8') : '';
    if (errors.length === 0 && current !== renderStrimziTopics(topics)) {
      error(STRIMZI_TOPICS_FILE, `does not match ${file}: run node infra/kafka/topics.mjs --write`);
    }
  }
  return new Set(topics.map((t) => t.name));
}

/**
 * The topics of EVENT_TOPICS, read with regexes (no TypeScript compiler here): EVENT_TOPICS is
 * `Object.keys(<name>)` of an object literal whose quoted keys are the topics. Returns null when
 * the file no longer has that shape.
 */
export function readContractTopics(text) {
  const source = /\bEVENT_TOPICS\b[^=;]*=[^;]*?Object\.keys\(\s*([A-Za-z_$][\w$]*)\s*\)/.exec(text);
  if (!source) return null;
  const literal = new RegExp(
    `\\b(?:const|let|var)\\s+${source[1].replace(/\$/g, '\\$')}\\b[^=]*=\\s*\\{([^{}]*)\\}`,
  ).exec(text);
  if (!literal) return null;
  const body = literal[1].replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return [...body.matchAll(/['"]([^'"\n]+)['"]\s*:/g)].map((m) => m[1]);
}

/** topics.txt lists exactly the contract topics, so a new event cannot be forgotten. */
export function checkContractTopics(root, file, topics) {
  const abs = path.join(root, CONTRACT_TOPICS_FILE);
  if (!existsSync(abs)) {
    error(CONTRACT_TOPICS_FILE, `missing, so ${file} cannot be checked against EVENT_TOPICS`);
    return;
  }
  const contract = readContractTopics(readFileSync(abs, 'utf8'));
  if (!contract || contract.length === 0) {
    error(
      CONTRACT_TOPICS_FILE,
      'no EVENT_TOPICS = Object.keys(<object literal of quoted topics>) found; update readContractTopics in infra/scripts/validate-deploy.mjs',
    );
    return;
  }
  const listed = new Set(topics.map((t) => t.name));
  const known = new Set(contract);
  for (const name of contract) {
    if (!listed.has(name))
      error(
        file,
        `"${name}" is an event of ${CONTRACT_TOPICS_FILE} (EVENT_TOPICS) but not listed here: add "${name} 3", then node infra/kafka/topics.mjs --write`,
      );
    // Brokers refuse to auto-create topics, and Strimzi reconciles only declared ones: an
    // undeclared dead-letter topic is created by the app itself, outside both (issue 27, item 11).
    if (!listed.has(`${name}${DEAD_LETTER_SUFFIX}`))
      error(
        file,
        `"${name}" has no dead-letter topic: add "${name}${DEAD_LETTER_SUFFIX} 1", then node infra/kafka/topics.mjs --write`,
      );
  }
  for (const t of topics) {
    const base = t.name.endsWith(DEAD_LETTER_SUFFIX)
      ? t.name.slice(0, -DEAD_LETTER_SUFFIX.length)
      : t.name;
    if (!known.has(base))
      error(
        file,
        `line ${t.line}: "${t.name}" is not in EVENT_TOPICS of ${CONTRACT_TOPICS_FILE}${base === t.name ? '' : ` (nor is "${base}")`}: add its contract there, or remove the line`,
      );
  }
}
