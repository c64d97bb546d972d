// validate-deploy passes the good files and fails the mistake each check targets: dockerfiles.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run, fixture, removeFixtures } from './support/deploy-fixture';

afterAll(removeFixtures);

describe('validate-deploy on broken Dockerfiles', () => {
  it('fails when a COPY source does not exist', () => {
    const root = fixture();
    rmSync(path.join(root, 'services/fields'), { recursive: true });
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /infra\/docker\/node-service\.Dockerfile: line \d+: COPY source "services\/fields\/" does not exist/,
    );
  });

  it('fails when a COPY source is excluded by .dockerignore', () => {
    const root = fixture();
    writeFileSync(
      path.join(root, '.dockerignore'),
      `${readFileSync(path.join(root, '.dockerignore'), 'utf8')}\nlibs\n`,
    );
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/COPY source "libs\/" is excluded by \.dockerignore/);
  });

  it('fails on a single-stage Dockerfile that runs as root', () => {
    const root = fixture();
    writeFileSync(
      path.join(root, 'infra/docker/gateway.Dockerfile'),
      'FROM node:20.20.2-bookworm-slim\nWORKDIR /app\nCOPY package.json ./\nCMD ["node", "dist/gateway/src/main.js"]\n',
    );
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('infra/docker/gateway.Dockerfile: is not a multi-stage build');
    expect(result.stderr).toContain(
      'infra/docker/gateway.Dockerfile: the final stage runs as root',
    );
    expect(result.stderr).toContain(
      'infra/docker/gateway.Dockerfile: the final stage has no HEALTHCHECK',
    );
  });

  it('fails when the Node image is older than .nvmrc (the oldest Node the code runs on)', () => {
    const root = fixture();
    writeFileSync(path.join(root, '.nvmrc'), '24.99.0\n');
    const result = run(root, { k8s: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /node-service\.Dockerfile: line \d+: FROM node:24\.\d+\.\d+-bookworm-slim is older than \.nvmrc's 24\.99\.0/,
    );
  });
});
