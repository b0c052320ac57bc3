// Baseline: a bare node:http server answering every request with the JSON object in argv[2], serialised per request.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const object = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = createServer((_req, res) => {
  const body = Buffer.from(JSON.stringify(object));
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`bare server at http://127.0.0.1:${server.address().port}`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
