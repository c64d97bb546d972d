import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type SavedAddress } from '@loadout/contracts';
import { AddAddressDto } from '../address.dto';
import { AddAddressHandler } from './add-address.handler';

@ApiTags('addresses')
@ApiBearerAuth()
@Controller('api/v1/me/addresses')
export class AddAddressController {
  constructor(private readonly handler: AddAddressHandler) {}

  @Authenticated()
  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Add an address (Eircode normalised); 400 IDENTITY.ADDRESS_INVALID' })
  add(@CurrentUser() user: AuthUser, @Body() body: AddAddressDto): Promise<SavedAddress> {
    return this.handler.add(user.id, body);
  }
}
