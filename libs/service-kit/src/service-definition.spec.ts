import { Module } from '@nestjs/common';
import { consumerClientId, schemaOf } from './service-definition';
import { coreProviders, ownModules } from './service.module';
import { type ServiceConfig } from './service-definition';

@Module({})
class RealAdapterModule {}
@Module({})
class StandInModule {}
@Module({})
class UseCasesModule {}

const config: ServiceConfig = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: 3999,
  LOG_LEVEL: 'silent',
  CORS_ORIGINS: [],
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/kit_test',
  DB_POOL_SIZE: 2,
  EVENT_TRANSPORT: 'postgres',
};
const CONFIG = Symbol('CONFIG');

describe('service definition helpers', () => {
  it('uses the service name as schema unless one is given', () => {
    expect(schemaOf({ name: 'orders' })).toBe('orders');
    expect(schemaOf({ name: 'orders', schema: 'escrow' })).toBe('escrow');
  });

  it('names the main group after the service and other groups after both', () => {
    expect(consumerClientId('listings', 'listings')).toBe('listings');
    expect(consumerClientId('listings', 'listings-cache')).toBe('listings-listings-cache');
  });
});

describe('the root module of a service', () => {
  const definition = {
    name: 'kit',
    loadConfig: () => config,
    configToken: CONFIG,
    entities: [],
    migrations: [],
    modules: () => [{ module: RealAdapterModule, global: true }, UseCasesModule],
  };

  it("provides the parsed config under the service's token to every module", () => {
    expect(coreProviders(definition, config)).toEqual([{ provide: CONFIG, useValue: config }]);
  });

  it("imports the service's own modules as defined", () => {
    expect(ownModules(definition, config)).toEqual([
      { module: RealAdapterModule, global: true },
      UseCasesModule,
    ]);
  });

  it('swaps a module for a stand-in that keeps the global flag', () => {
    const modules = ownModules(definition, config, {
      replace: [[RealAdapterModule, { module: StandInModule, providers: [] }]],
    });
    expect(modules).toEqual([
      { module: StandInModule, providers: [], global: true },
      UseCasesModule,
    ]);
  });
});
