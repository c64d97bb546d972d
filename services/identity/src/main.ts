import 'reflect-metadata';
import { createApp, listen } from '@loadout/http';
import { AppModule } from './app.module';
import { loadIdentityConfig } from './identity.config';

async function main(): Promise<void> {
  const config = loadIdentityConfig();
  // The embedded provider mounts itself at /oidc (OidcModule) on this same Fastify instance.
  const app = await createApp(AppModule.register(config), {
    corsOrigins: config.CORS_ORIGINS,
    openApiTitle: 'Loadout identity',
  });
  await listen(app, config.PORT, config.HOST, 'identity');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
