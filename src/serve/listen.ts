import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SitegenError } from '../diagnostics/sitegen-error.ts';

/** How many ports after the asked one `nextFreePort` tries (3000 → 3019). */
const portAttempts = 20;

/**
 * Starts `server` on `host:port` and returns its URL. With `nextFreePort`, a port in use moves
 * on to the next one (dev, where a second instance is common); otherwise it is a user error
 * naming the flag to change. Binds 127.0.0.1 unless another host is asked for deliberately.
 */
export async function listen(options: { server: Server; port: number; host?: string; nextFreePort?: boolean }): Promise<string> {
  const { server, nextFreePort } = options;
  const host = options.host ?? '127.0.0.1';
  const last = nextFreePort && options.port !== 0 ? Math.min(options.port + portAttempts - 1, 65535) : options.port;
  for (let port = options.port; ; port++) {
    try {
      await tryListen({ server, port, host });
      break;
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' && port < last) continue;
      const reason = code === 'EADDRINUSE' ? `port ${port} is in use` : code === 'EACCES' ? `permission denied for port ${port}` : (cause as Error).message;
      throw new SitegenError(`Cannot listen on ${host}:${port}: ${reason}. Pass another \`--port\`.`, { cause });
    }
  }
  const { port } = server.address() as AddressInfo;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function tryListen(options: { server: Server; port: number; host: string }): Promise<void> {
  const { server, port, host } = options;
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** Closes `server`, ending keep-alive and streaming (SSE) connections instead of waiting for them. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
