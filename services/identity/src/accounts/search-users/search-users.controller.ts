import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type AdminUser, type AdminUserPage } from '@loadout/contracts';
import { cursorId, cursorTimestamp, decodeCursor, encodeCursor } from '@loadout/db';
import { isUserId } from '../admin-actor';
import { userNotFound } from '../domain/account.errors';
import { toAdminUser } from '../persistence/user.mapper';
import { UserRepository } from '../persistence/user.repository';
import { SearchUsersQueryDto } from './search-users.dto';

/** The admin area's users screen: search and one account (ADR 0035). */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/users')
export class SearchUsersController {
  constructor(private readonly users: UserRepository) {}

  @Roles('admin')
  @Get()
  @ApiOperation({ summary: 'Search accounts by email, username or display name (admin)' })
  async search(@Query() query: SearchUsersQueryDto): Promise<AdminUserPage> {
    const limit = query.limit ?? 25;
    let after: [string, string] | null = null;
    if (query.cursor) {
      const [at, id] = decodeCursor(query.cursor, 2);
      after = [cursorTimestamp(at), cursorId(id)];
    }
    const q = query.q?.trim() || null;
    const rows = await this.users.search(q, after, limit);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const now = new Date();
    return {
      items: page.map((u) => toAdminUser(u, now)),
      nextCursor: rows.length > limit && last ? encodeCursor([last.cursorAt, last.id]) : null,
    };
  }

  @Roles('admin')
  @Get(':id')
  @ApiOperation({ summary: 'One account with its suspension (admin)' })
  async view(@Param('id') id: string): Promise<AdminUser> {
    const user = isUserId(id) ? await this.users.findById(id) : null;
    if (!user) throw userNotFound();
    return toAdminUser(user);
  }
}
