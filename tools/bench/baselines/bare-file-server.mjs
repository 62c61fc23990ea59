// Baseline for download: GET /<anything> answers the file FILE from disk with nothing but
// node:http and fs.createReadStream (Content-Length, 64 KB reads). Run as a child process:
// env FILE, PORT (0 = any); prints "listening <port>".
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { pipeline } from 'node:stream';

const file = process.env.FILE;
if (!file) throw new Error('set FILE');
const server = createServer((_req, res) => {
  const size = statSync(file).size;
  res.writeHead(200, { 'content-type': 'text/turtle; charset=utf-8', 'content-length': String(size) });
  pipeline(createReadStream(file, { highWaterMark: 64 * 1024 }), res, () => undefined);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
