import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import { type FieldDto } from '@loadout/contracts';
import { useServiceUnderTest, type CallInit as KitCallInit } from '@loadout/service-kit/testing';
import { fieldsService } from '../../src/fields.service';
import { buildField } from '../factories/field.factory';

export type CallInit = KitCallInit;

export interface FieldsHarness {
  readonly ds: DataSource;
  readonly base: string;
  /** Bearer tokens: an admin and a plain user. */
  readonly admin: string;
  readonly user: string;
  call<T = unknown>(path: string, init?: CallInit): Promise<{ status: number; body: T }>;
  /** Creates a field as the admin (factory defaults + `overrides`) and expects 201. */
  create(overrides?: Parameters<typeof buildField>[0]): Promise<FieldDto>;
  /** Topics of the field's outbox rows, oldest first. */
  outboxTopics(fieldId: string): Promise<string[]>;
}

/**
 * The fields service over HTTP on a throwaway database, started in `beforeAll` and stopped in
 * `afterAll` of the calling spec file.
 */
export function useFieldsApp(): FieldsHarness {
  const service = useServiceUnderTest(fieldsService);
  let admin = '';
  let user = '';
  beforeAll(async () => {
    admin = await service.token('admin-1', ['user', 'admin']);
    user = await service.token('user-1');
  });

  return {
    get ds() {
      return service.ds;
    },
    get base() {
      return service.base;
    },
    get admin() {
      return admin;
    },
    get user() {
      return user;
    },
    call: (path, init) => service.call(path, init),
    async create(overrides) {
      const res = await service.call<FieldDto>('/api/v1/fields', {
        method: 'POST',
        token: admin,
        json: buildField(overrides),
      });
      expect(res.status).toBe(201);
      return res.body;
    },
    async outboxTopics(fieldId) {
      const rows: { topic: string }[] = await service.ds.query(
        `SELECT topic FROM fields.outbox WHERE aggregate_id = $1 ORDER BY seq`,
        [fieldId],
      );
      return rows.map((r) => r.topic);
    },
  };
}
