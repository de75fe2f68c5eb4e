import net from 'node:net';
import { neonConfig } from '@neondatabase/serverless';
import ws, { WebSocketServer } from 'ws';

/*
 * Neon's serverless driver speaks the Postgres wire protocol over a WebSocket. Neon's own
 * proxy forwards each WebSocket to a TCP connection; this is the same thing in miniature, so
 * the neon driver can be tested against a local PostgreSQL: ws://127.0.0.1:PORT/v2?address=host:port.
 */

export interface NeonWsProxy {
  port: number;
  close(): Promise<void>;
}

export async function startNeonWsProxy(): Promise<NeonWsProxy> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });

  server.on('connection', (socket, request) => {
    const address = new URL(request.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
    const separator = address.lastIndexOf(':');
    const host = address.slice(0, separator);
    const port = Number(address.slice(separator + 1));
    if (!host || !Number.isInteger(port)) {
      socket.close(1008, 'address=host:port is required');
      return;
    }
    const tcp = net.connect({ host, port });
    const pending: Buffer[] = [];
    let connected = false;

    tcp.on('connect', () => {
      connected = true;
      for (const chunk of pending.splice(0)) tcp.write(chunk);
    });
    socket.on('message', (data: ws.RawData) => {
      const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      if (connected) tcp.write(chunk);
      else pending.push(chunk);
    });
    tcp.on('data', (chunk) => {
      if (socket.readyState === ws.OPEN) socket.send(chunk, { binary: true });
    });
    const closeBoth = () => {
      tcp.destroy();
      if (socket.readyState === ws.OPEN || socket.readyState === ws.CONNECTING) socket.terminate();
    };
    tcp.on('close', closeBoth);
    tcp.on('error', closeBoth);
    socket.on('close', closeBoth);
    socket.on('error', closeBoth);
  });

  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

let shared: Promise<NeonWsProxy> | undefined;

/**
 * Points the (process-global) neonConfig at one proxy per test worker, started on first use.
 * Plain ws:// and no pipelined connect: the local proxy is not Neon's TLS endpoint.
 */
export function useLocalNeonProxy(): Promise<NeonWsProxy> {
  shared ??= startNeonWsProxy().then((proxy) => {
    neonConfig.webSocketConstructor = ws;
    neonConfig.wsProxy = (host, port) => `127.0.0.1:${proxy.port}/v2?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineConnect = false;
    neonConfig.pipelineTLS = false;
    return proxy;
  });
  return shared;
}
