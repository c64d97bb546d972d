import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { RedisKeyValueStore } from '../src';
import { keyValueStoreContract } from './key-value-store.contract';

const url = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

// Decided synchronously so the suite registers either the real contract or nothing that pretends.
function redisReachable(): boolean {
  const { hostname, port } = new URL(url);
  const probe = `const s=require('net').connect(${Number(port) || 6379},'${hostname}');s.setTimeout(1000,()=>process.exit(1));s.on('error',()=>process.exit(1));s.on('connect',()=>s.write('PING\\r\\n'));s.on('data',d=>process.exit(String(d).startsWith('+PONG')?0:1));`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0;
}

if (redisReachable()) {
  describe(`RedisKeyValueStore contract (${url})`, () => {
    keyValueStoreContract(() =>
      RedisKeyValueStore.connect(url, `test:${randomBytes(4).toString('hex')}:`),
    );

    it('keeps apps apart by key prefix', async () => {
      const a = await RedisKeyValueStore.connect(url, `test:${randomBytes(4).toString('hex')}:`);
      const b = await RedisKeyValueStore.connect(url, `test:${randomBytes(4).toString('hex')}:`);
      await a.set('same', 'from-a', 5000);
      expect(await b.get('same')).toBeNull();
      await Promise.all([a.close(), b.close()]);
    });
  });
} else {
  describe('RedisKeyValueStore', () => {
    it('fails to connect with an error when Redis is unreachable', async () => {
      console.log(`skipped: no Redis at ${url} (RedisKeyValueStore contract)`);
      await expect(RedisKeyValueStore.connect('redis://127.0.0.1:9', 'x:')).rejects.toBeTruthy();
    });
  });
}
