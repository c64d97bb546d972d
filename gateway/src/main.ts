// First: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must see every later module load.
import './tracing';
import 'reflect-metadata';
import { installProcessGuards, listen } from '@loadout/http';
import { createGateway } from './create-gateway';
import { loadGatewayConfig } from './gateway.config';

async function main(): Promise<void> {
  // A lost promise or a stray throw ends the process for its supervisor (issue 22 item 3).
  installProcessGuards({ name: 'gateway' });
  const config = loadGatewayConfig();
  const app = await createGateway(config);
  await listen(app, config.PORT, config.HOST, 'gateway');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
