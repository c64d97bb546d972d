import { Controller, Get, Injectable, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '@loadout/auth';

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** Modules register what "ready" means for them (database, event transport, Redis…). */
@Injectable()
export class ReadinessRegistry {
  private readonly checks: ReadinessCheck[] = [];

  register(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  async run(timeoutMs = 2000): Promise<{ ok: boolean; checks: Record<string, 'up' | 'down'> }> {
    const results = await Promise.all(
      this.checks.map(async (c) => {
        try {
          await Promise.race([
            c.check(),
            new Promise((_, reject) =>
              setTimeout(() => reject(new Error('timeout')), timeoutMs).unref(),
            ),
          ]);
          return [c.name, 'up'] as const;
        } catch {
          return [c.name, 'down'] as const;
        }
      }),
    );
    return { ok: results.every(([, s]) => s === 'up'), checks: Object.fromEntries(results) };
  }
}

@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(private readonly registry: ReadinessRegistry) {}

  @Public()
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const { ok, checks } = await this.registry.run();
    if (!ok) {
      void reply.status(503);
      return {
        code: 'HEALTH.NOT_READY',
        message: 'Not ready: a dependency is down.',
        details: checks,
        requestId: String(reply.request.id),
      };
    }
    return { status: 'ok', checks };
  }
}
