import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type SavedAddress } from '@loadout/contracts';
import { EditAddressDto } from '../address.dto';
import { EditAddressHandler } from './edit-address.handler';

@ApiTags('addresses')
@ApiBearerAuth()
@Controller('api/v1/me/addresses')
export class EditAddressController {
  constructor(private readonly handler: EditAddressHandler) {}

  /** Owner only: another user's id answers 404 like an unknown one. */
  @Authenticated()
  @Patch(':id')
  @ApiOperation({ summary: 'Edit an own address; existing orders keep their snapshot' })
  edit(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: EditAddressDto,
  ): Promise<SavedAddress> {
    return this.handler.edit(user.id, id, body);
  }
}
