import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type LedgerCheckView } from '@loadout/contracts';
import { CheckLedgerHandler } from './check-ledger.handler';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/ledger')
export class CheckLedgerController {
  constructor(private readonly handler: CheckLedgerHandler) {}

  @Roles('admin')
  @Get('check')
  @ApiOperation({ summary: 'Admins: every order sums to zero; held = paid-but-unreleased' })
  check(): Promise<LedgerCheckView> {
    return this.handler.check();
  }
}
