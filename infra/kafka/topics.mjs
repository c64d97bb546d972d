#!/usr/bin/env node
// Reads infra/kafka/topics.txt (the one list of Kafka topics) and renders the Strimzi
// KafkaTopic resources for Kubernetes from it.
//
//   node infra/kafka/topics.mjs            print the KafkaTopic YAML
//   node infra/kafka/topics.mjs --write    write k8s/components/strimzi-kafka/kafka-topics.yaml
//   node infra/kafka/topics.mjs --check    exit 1 when that file is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TOPIC_PATTERN =
  /^[a-z][a-z0-9]*\.[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*\.v[1-9][0-9]*(\.dlq)?$/;
/** A consumer's dead letters of <topic> (libs/events DEAD_LETTER_TOPIC_SUFFIX). */
export const DEAD_LETTER_SUFFIX = '.dlq';
export const STRIMZI_CLUSTER = 'loadout';
export const STRIMZI_TOPICS_FILE = 'k8s/components/strimzi-kafka/kafka-topics.yaml';
const DEFAULT_PARTITIONS = 3;

/**
 * Parses topics.txt. Returns `{ topics: [{ name, partitions, line }], errors: [string] }`;
 * errors name the line so a typo is easy to find.
 */
export function parseTopics(text) {
  const topics = [];
  const errors = [];
  const seen = new Map();
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const content = raw.replace(/#.*$/, '').trim();
    if (!content) return;
    const [name, partitionsText, ...rest] = content.split(/\s+/);
    if (rest.length > 0)
      errors.push(`line ${line}: expected "<topic> [partitions]", got "${content}"`);
    if (!TOPIC_PATTERN.test(name)) {
      errors.push(
        `line ${line}: "${name}" is not <service>.<aggregate>.<event>.v<major>[.dlq] in lower case`,
      );
    }
    let partitions = DEFAULT_PARTITIONS;
    if (partitionsText !== undefined) {
      partitions = Number(partitionsText);
      if (!Number.isInteger(partitions) || partitions < 1) {
        errors.push(`line ${line}: partitions "${partitionsText}" must be a positive integer`);
      }
    }
    if (seen.has(name))
      errors.push(`line ${line}: "${name}" is already listed on line ${seen.get(name)}`);
    seen.set(name, line);
    topics.push({ name, partitions, line });
  });
  return { topics, errors };
}

/** Kubernetes object names allow dots but not underscores. */
export function kubernetesTopicName(topic) {
  return topic.replace(/_/g, '-');
}

/** KafkaTopic CRs (Strimzi Topic Operator) for the given topics, as one YAML stream. */
export function renderStrimziTopics(topics) {
  const header = [
    '# GENERATED from infra/kafka/topics.txt by `node infra/kafka/topics.mjs --write`. Do not edit by hand.',
    '# Replicas and min.insync.replicas suit the 3-broker cluster of kafka.yaml; overlays/dev patches them to 1.',
  ];
  const docs = topics.map((t) =>
    [
      'apiVersion: kafka.strimzi.io/v1',
      'kind: KafkaTopic',
      'metadata:',
      `  name: ${kubernetesTopicName(t.name)}`,
      '  labels:',
      `    strimzi.io/cluster: ${STRIMZI_CLUSTER}`,
      'spec:',
      `  topicName: ${t.name}`,
      `  partitions: ${t.partitions}`,
      '  replicas: 3',
      '  config:',
      '    retention.ms: 604800000',
      '    min.insync.replicas: 2',
    ].join('\n'),
  );
  return `${header.join('\n')}\n${docs.map((d) => `---\n${d}\n`).join('')}`;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const { topics, errors } = parseTopics(
    readFileSync(path.join(root, 'infra/kafka/topics.txt'), 'utf8'),
  );
  if (errors.length > 0) {
    for (const e of errors) console.error(`infra/kafka/topics.txt: ${e}`);
    process.exit(1);
  }
  const rendered = renderStrimziTopics(topics);
  const target = path.join(root, STRIMZI_TOPICS_FILE);
  const mode = process.argv[2];
  if (mode === '--write') {
    writeFileSync(target, rendered);
    console.log(`wrote ${topics.length} KafkaTopic resources to ${STRIMZI_TOPICS_FILE}`);
  } else if (mode === '--check') {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      /* missing counts as stale */
    }
    if (current !== rendered) {
      console.error(
        `${STRIMZI_TOPICS_FILE} is out of date: run node infra/kafka/topics.mjs --write`,
      );
      process.exit(1);
    }
    console.log(`${STRIMZI_TOPICS_FILE} matches infra/kafka/topics.txt`);
  } else {
    process.stdout.write(rendered);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
