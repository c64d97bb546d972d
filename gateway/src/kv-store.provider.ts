import { type Provider } from '@nestjs/common';
import { createKeyValueStore } from '@loadout/cache';
import { GATEWAY_CONFIG, type GatewayConfig } from './gateway.config';

export const KEY_VALUE_STORE = Symbol('KEY_VALUE_STORE');

/** Redis when REDIS_URL is set (shared by replicas), otherwise in-process. */
export const keyValueStoreProvider: Provider = {
  provide: KEY_VALUE_STORE,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig) => createKeyValueStore(config.REDIS_URL, 'loadout:gateway:'),
};
