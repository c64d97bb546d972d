import { Module } from '@nestjs/common';
import { AddAddressController } from './add-address/add-address.controller';
import { AddAddressHandler } from './add-address/add-address.handler';
import { AddressRepository } from './domain/address-repository.port';
import { EditAddressController } from './edit-address/edit-address.controller';
import { EditAddressHandler } from './edit-address/edit-address.handler';
import { ListAddressesController } from './list-addresses/list-addresses.controller';
import { TypeOrmAddressRepository } from './persistence/address.repository';
import { RemoveAddressController } from './remove-address/remove-address.controller';

/** The address book (issue 25 item 1, ADR 0029): owner-only, snapshotted by orders at checkout. */
@Module({
  controllers: [
    ListAddressesController,
    AddAddressController,
    EditAddressController,
    RemoveAddressController,
  ],
  providers: [
    { provide: AddressRepository, useClass: TypeOrmAddressRepository },
    AddAddressHandler,
    EditAddressHandler,
  ],
})
export class AddressesModule {}
