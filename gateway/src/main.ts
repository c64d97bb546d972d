import 'reflect-metadata';
import { listen } from '@loadout/http';
import { createGateway } from './create-gateway';
import { loadGatewayConfig } from './gateway.config';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const app = await createGateway(config);
  await listen(app, config.PORT, config.HOST, 'gateway');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
