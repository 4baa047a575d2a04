import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface ConnectProxy {
  /** `http://127.0.0.1:<port>`, for HTTPS_PROXY, HTTP_PROXY or a PAC-style "PROXY" entry. */
  url: string;
  /** `127.0.0.1:<port>`. */
  hostPort: string;
  /** Tunnels opened with CONNECT, as `host:port`. */
  readonly tunnels: string[];
  /** HTTP requests carried through the tunnels to plain-http servers, as `METHOD path`. */
  readonly carried: string[];
  stop(): Promise<void>;
}

/**
 * A small HTTP proxy on loopback that only tunnels (CONNECT), as corporate proxies do, and
 * counts what it carried. A tunnel to a plain-http server is read as HTTP on the proxy's
 * side, so each request inside it is counted and passed on; any other tunnel is spliced
 * through as bytes. With `requireAuth`, a CONNECT without those Basic credentials gets 407.
 */
export async function startConnectProxy(
  options: { requireAuth?: { user: string; password: string } } = {},
): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const carried: string[] = [];
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket): net.Socket => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    return socket;
  };
  const expected = options.requireAuth
    ? `Basic ${Buffer.from(`${options.requireAuth.user}:${options.requireAuth.password}`).toString('base64')}`
    : undefined;

  // Tunnels to plain-http servers end here, keyed by the tunnel's local port, and are read
  // as HTTP, request by request, each counted and passed on.
  const plainTargets = new Map<number, string>();
  const inside = http.createServer((request, response) => {
    const target = plainTargets.get(request.socket.remotePort ?? 0) ?? '';
    const [host, port] = target.split(':');
    carried.push(`${request.method} ${request.url}`);
    const onward = http.request(
      {
        host,
        port: Number(port),
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    onward.on('error', () => response.destroy());
    request.pipe(onward);
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  const insidePort = (inside.address() as AddressInfo).port;

  const server = http.createServer((_request, response) => {
    response.writeHead(405, { 'content-type': 'text/plain' }).end('This proxy only tunnels.');
  });
  server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    track(client);
    if (expected && request.headers['proxy-authorization'] !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
      return;
    }
    const target = request.url ?? '';
    tunnels.push(target);
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    // The first bytes tell TLS (spliced to the target) from plain HTTP (read inside).
    const first = (chunk: Buffer) => {
      const tls = chunk[0] === 0x16;
      const [host = '', port = ''] = target.split(':');
      const upstream = track(
        tls ? net.connect(Number(port), host) : net.connect(insidePort, '127.0.0.1'),
      );
      if (!tls) upstream.once('connect', () => plainTargets.set(upstream.localPort ?? 0, target));
      upstream.on('error', () => client.destroy());
      upstream.write(chunk);
      client.pipe(upstream).pipe(client);
    };
    if (head.length > 0) first(head);
    else client.once('data', first);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    tunnels,
    carried,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        inside.close();
        inside.closeAllConnections();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
