// Imported first by main.ts: OpenTelemetry must patch http and undici before they load. The
// gateway is the edge: it starts a new trace per request and never continues a client's
// `traceparent` (ADR 0040).
import { startTracing } from '@loadout/tracing';

startTracing('gateway', { edge: true });
