/**
 * Joins two network namespaces through a Unix socket, which every namespace of the machine sees:
 * `forward.js unix PATH tcp HOST:PORT` listens on the socket and connects to the TCP address (run
 * where that address is), `forward.js tcp HOST:PORT unix PATH` listens on TCP and connects to the
 * socket. The fleet reaches the machine's Firebase Auth emulator this way, without giving its
 * namespaces a route to the machine's own network.
 */
import fs from 'node:fs';
import net from 'node:net';

const [listenKind, listenAt, connectKind, connectTo] = process.argv.slice(2);
if (!listenAt || !connectTo) {
  console.error('usage: forward.js unix|tcp ADDRESS unix|tcp ADDRESS');
  process.exit(2);
}

const endpoint = (kind, address) => {
  if (kind === 'unix') return { path: address };
  const [host = '', port = ''] = address.split(':');
  return { host, port: Number(port) };
};

const server = net.createServer((incoming) => {
  const outgoing = net.connect(endpoint(connectKind, connectTo));
  incoming.pipe(outgoing).pipe(incoming);
  incoming.on('error', () => outgoing.destroy());
  outgoing.on('error', () => incoming.destroy());
});
if (listenKind === 'unix') fs.rmSync(listenAt, { force: true });
server.listen(endpoint(listenKind, listenAt));
