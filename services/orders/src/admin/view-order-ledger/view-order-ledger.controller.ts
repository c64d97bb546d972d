import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type OrderLedgerView } from '@loadout/contracts';
import { ViewOrderLedgerQuery } from './view-order-ledger.query';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/orders')
export class ViewOrderLedgerController {
  constructor(private readonly query: ViewOrderLedgerQuery) {}

  @Roles('admin')
  @Get(':id/ledger')
  @ApiOperation({ summary: "Admin: an order's ledger postings in booking order, and their sum" })
  view(@Param('id') id: string): Promise<OrderLedgerView> {
    return this.query.view(id);
  }
}
