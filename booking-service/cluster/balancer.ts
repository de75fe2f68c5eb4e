import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small round-robin HTTP balancer for the local cluster: what a cloud load balancer does in
 * front of the service instances, no more. It deals requests in turn to the instances whose
 * health check answers 200, so an instance draining on SIGTERM (503) stops getting new
 * requests, and adds the client's address to X-Forwarded-For as a real balancer does (the
 * instances trust it as one hop, TRUSTED_PROXIES=1).
 */

/** How often each instance's health check is read. */
const HEALTH_EVERY_MS = 250;
/** Request bodies are held so a request can go to another instance; the service's own cap. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface Balancer {
  url: string;
  port: number;
  /** The instances in rotation now (health 200), by port. */
  healthy(): number[];
  /** Why each 502 was answered: method, path, instance and error. */
  failures(): readonly string[];
  /** Checks every instance's health now, as the timer does every few seconds. */
  checkNow(): Promise<void>;
  close(): Promise<void>;
}

export async function startBalancer(options: {
  /** The instances' ports, read at every pick: a restarted instance keeps its port. */
  upstreams: () => readonly number[];
  port?: number;
}): Promise<Balancer> {
  const healthy = new Set<number>();
  const failures: string[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  const checkHealth = async () => {
    await Promise.all(
      options.upstreams().map(async (port) => {
        const ok = await new Promise<boolean>((resolve) => {
          const req = http.get(
            { host: '127.0.0.1', port, path: '/api/health', timeout: 1_000, agent: false },
            (res) => {
              res.resume();
              resolve(res.statusCode === 200);
            },
          );
          req.on('timeout', () => req.destroy());
          req.on('error', () => resolve(false));
        });
        if (ok) healthy.add(port);
        else healthy.delete(port);
      }),
    );
  };
  await checkHealth();
  let checking = false;
  const healthTimer = setInterval(() => {
    if (checking) return;
    checking = true;
    void checkHealth().finally(() => {
      checking = false;
    });
  }, HEALTH_EVERY_MS);

  /** The next instance in rotation, skipping those tried already for this request. */
  const pick = (tried: Set<number>) => {
    const ports = options.upstreams().filter((port) => healthy.has(port) && !tried.has(port));
    if (ports.length === 0) return undefined;
    next = (next + 1) % ports.length;
    return ports[next];
  };

  const forward = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
    tried: Set<number>,
  ) => {
    const port = pick(tried);
    if (port === undefined) {
      res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' });
      res.end('No service instance is available.');
      return;
    }
    tried.add(port);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        agent,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor },
      },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // Safe to send to another instance: the connection was refused; or it was reset before
      // any answer, on a kept-alive connection the draining instance had just closed, or on a
      // new one it closed unread as it stopped listening. A POST reset on a new connection may
      // have been read, so only a read (GET, HEAD) is sent again then, as balancers do.
      const reset = error.code === 'ECONNRESET' || error.code === 'EPIPE';
      const neverServed =
        error.code === 'ECONNREFUSED' ||
        (reset && (upstream.reusedSocket || req.method === 'GET' || req.method === 'HEAD'));
      if (!res.headersSent && neverServed) {
        healthy.delete(port);
        forward(req, res, body, tried);
        return;
      }
      failures.push(`${req.method} ${req.url} to ${port}: ${error.code ?? error.message}`);
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('The service instance failed.');
      } else res.destroy();
    });
    upstream.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413, { 'content-type': 'text/plain', connection: 'close' });
        res.end('Request body too large.');
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!res.headersSent) forward(req, res, Buffer.concat(chunks), new Set());
    });
  });
  // A port taken meanwhile is an error to the caller, not an uncaught exception.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    clearInterval(healthTimer);
    agent.destroy();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    healthy: () => [...healthy].sort(),
    failures: () => failures,
    checkNow: checkHealth,
    async close() {
      clearInterval(healthTimer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
