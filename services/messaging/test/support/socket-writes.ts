import { Socket } from 'node:net';
import { type INestApplication } from '@nestjs/common';
import { RealtimeServer } from '../../src/realtime/realtime.server';

/**
 * The writes the server makes to `userId`'s (one) socket while `fn` runs: for each syscall, the
 * number of buffers it carried (1 for a plain write). Spies on the TCP socket under the
 * server's ws socket (issue 28: a batch's frames should leave in one write).
 */
export async function socketWritesDuring(
  app: INestApplication,
  userId: string,
  fn: () => Promise<unknown>,
): Promise<number[]> {
  const server = app.get(RealtimeServer) as unknown as {
    byUser: Map<string, Set<{ socket: { _socket: Socket } }>>;
  };
  const [client] = [...(server.byUser.get(userId) ?? [])];
  if (!client) throw new Error(`no socket of ${userId} on this server`);
  const tcp = client.socket._socket;
  const writes: number[] = [];
  const write = jest.spyOn(tcp, '_write' as never).mockImplementation(function (
    this: Socket,
    ...args: Parameters<Socket['_write']>
  ) {
    writes.push(1);
    return Socket.prototype._write.apply(this, args);
  } as never);
  const writev = jest.spyOn(tcp, '_writev' as never).mockImplementation(function (
    this: Socket,
    ...args: Parameters<NonNullable<Socket['_writev']>>
  ) {
    writes.push(args[0].length);
    return Socket.prototype._writev!.apply(this, args);
  } as never);
  try {
    await fn();
  } finally {
    write.mockRestore();
    writev.mockRestore();
  }
  return writes;
}
