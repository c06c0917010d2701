import { serve } from '@hono/node-server';

export type HttpServer = ReturnType<typeof serve>;

/**
 * How long an idle keep-alive connection stays open: longer than a proxy keeps an idle connection
 * to this process (HAProxy closes surplus idle ones within a few `pool-purge-delay` rounds of 5 s;
 * a cloud balancer's usual idle timeout is 60 s), so the proxy closes it first. With Node's 5 s
 * the process could close a connection just as the proxy sent a request on it, and that request
 * failed.
 */
export const KEEP_ALIVE_SECONDS = 65;

/** Listens on `port` (0: any free one) and `host`; rejects when it cannot. */
export function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  { port, host }: { port: number; host: string },
): Promise<HttpServer> {
  return new Promise<HttpServer>((resolve, reject) => {
    const server = serve(
      {
        fetch,
        port,
        hostname: host,
        serverOptions: { keepAliveTimeout: KEEP_ALIVE_SECONDS * 1000 },
      },
      () => resolve(server),
    );
    server.once('error', reject);
  });
}

/**
 * Stops accepting connections and resolves once every open one has ended. Node closes the
 * connections idle when `close` is called; one still answering then would stay open for the
 * keep-alive time after its answer, so idle ones are closed again until none is left.
 */
export function closeServer(server: HttpServer): Promise<void> {
  return new Promise<void>((resolve) => {
    const idle =
      'closeIdleConnections' in server
        ? setInterval(() => server.closeIdleConnections(), 100).unref()
        : undefined;
    server.close(() => {
      clearInterval(idle);
      resolve();
    });
  });
}
