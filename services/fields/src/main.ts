import 'reflect-metadata';
import { createApp, listen } from '@loadout/http';
import { AppModule } from './app.module';
import { loadFieldsConfig } from './fields.config';

async function main(): Promise<void> {
  const config = loadFieldsConfig();
  const app = await createApp(AppModule.register(config), {
    corsOrigins: config.CORS_ORIGINS,
    openApiTitle: 'Loadout fields',
  });
  await listen(app, config.PORT, config.HOST, 'fields');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
