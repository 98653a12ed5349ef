/**
 * The community chat's webhook, faked (Discord is out of reach): it answers 204 as Discord does
 * and appends each announcement's body to a file, one line each, for the journeys to count.
 */
import fs from 'node:fs';
import http from 'node:http';

const [address = '', file = ''] = process.argv.slice(2);
const [host, port] = address.split(':');
http
  .createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      fs.appendFileSync(file, `${Buffer.concat(chunks).toString('utf8').replace(/\n/g, ' ')}\n`);
      response.writeHead(204).end();
    });
  })
  .listen(Number(port), host);
