// validate-deploy passes the good files and fails the mistake each check targets: kafka-topics.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run, fixture, editYamlDocs, removeFixtures } from './support/deploy-fixture';

afterAll(removeFixtures);

describe('validate-deploy on Kafka topics', () => {
  it('fails when topics.txt and the generated KafkaTopic resources disagree', () => {
    const root = fixture();
    const topics = path.join(root, 'infra/kafka/topics.txt');
    const source = readFileSync(topics, 'utf8');
    expect(source).toMatch(/^fields\.field\.created\.v1 3$/m);
    // a changed partition count that was not regenerated into the KafkaTopic resources
    writeFileSync(
      topics,
      source.replace(/^fields\.field\.created\.v1 3$/m, 'fields.field.created.v1 6'),
    );
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'k8s/components/strimzi-kafka/kafka-topics.yaml: does not match infra/kafka/topics.txt: run node infra/kafka/topics.mjs --write',
    );
  });

  it('fails when a contract topic is not listed, or a listed topic has no contract', () => {
    const root = fixture();
    const contracts = path.join(root, 'libs/contracts/src/events/event-payloads.ts');
    const source = readFileSync(contracts, 'utf8');
    expect(source).toContain("'identity.user.suspended.v1': true,");
    writeFileSync(
      contracts,
      source.replace(
        "'identity.user.suspended.v1': true,",
        "'identity.user.suspended.v1': true,\n  'orders.order.placed.v1': true,",
      ),
    );
    const topics = path.join(root, 'infra/kafka/topics.txt');
    writeFileSync(topics, `${readFileSync(topics, 'utf8')}identity.user.merged.v1 3\n`);
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'infra/kafka/topics.txt: "orders.order.placed.v1" is an event of libs/contracts/src/events/event-payloads.ts (EVENT_TOPICS) but not listed here',
    );
    expect(result.stderr).toMatch(
      /infra\/kafka\/topics\.txt: line \d+: "identity\.user\.merged\.v1" is not in EVENT_TOPICS/,
    );
    expect(result.stderr).not.toContain('"identity.user.verified.v1"');
  });

  it('fails when a contract topic has no dead-letter topic (issue 27, item 11)', () => {
    const root = fixture();
    const topics = path.join(root, 'infra/kafka/topics.txt');
    const source = readFileSync(topics, 'utf8');
    expect(source).toMatch(/^orders\.order\.created\.v1\.dlq 1$/m);
    writeFileSync(
      topics,
      source
        .replace(/^orders\.order\.created\.v1\.dlq 1\n/m, '')
        .concat('orders.order.placed.v1.dlq 1\n'),
    );
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'infra/kafka/topics.txt: "orders.order.created.v1" has no dead-letter topic: add "orders.order.created.v1.dlq 1"',
    );
    expect(result.stderr).toMatch(
      /line \d+: "orders\.order\.placed\.v1\.dlq" is not in EVENT_TOPICS of .* \(nor is "orders\.order\.placed\.v1"\)/,
    );
  });

  it('fails when EVENT_TOPICS can no longer be read from the contracts', () => {
    const root = fixture();
    const contracts = path.join(root, 'libs/contracts/src/events/event-payloads.ts');
    writeFileSync(
      contracts,
      readFileSync(contracts, 'utf8').replace(/Object\.keys\(topics\)/, 'TOPIC_LIST'),
    );
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'libs/contracts/src/events/event-payloads.ts: no EVENT_TOPICS = Object.keys(<object literal of quoted topics>) found',
    );
  });

  it('fails on a topic name that breaks <service>.<aggregate>.<event>.v<major>', () => {
    const root = fixture();
    writeFileSync(
      path.join(root, 'infra/kafka/topics.txt'),
      'fields.field.created.v1 3\nFieldCreated 3\n',
    );
    editYamlDocs(root, 'k8s/components/strimzi-kafka/kafka-topics.yaml', () => undefined);
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'infra/kafka/topics.txt: line 2: "FieldCreated" is not <service>.<aggregate>.<event>.v<major>[.dlq] in lower case',
    );
  });
});
