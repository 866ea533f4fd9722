import { createServer } from 'node:http';
import { securityHeaders } from '../../apps/server/src/http/security-headers';

// The baseline: the cheapest possible JSON endpoint on the same Node.js, in its own process.
const body = JSON.stringify({
  id: 1,
  email: 'bench@example.com',
  first_name: 'Bench',
  last_name: 'User',
  phone: '',
  image: null,
  is_superuser: false,
});
// `/secured` also sends the portal's twelve security headers, as every portal answer does: what
// those headers cost on their own, beside the cheapest answer.
const secured = securityHeaders();
const server = createServer((req, res) => {
  if (req.url === '/secured') for (const [name, value] of secured) res.setHeader(name, value);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`LISTENING ${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
