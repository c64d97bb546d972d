// Imported first by main.ts: OpenTelemetry must patch http, pg and undici before they load.
import { startTracing } from '@loadout/tracing';

startTracing('fields');
