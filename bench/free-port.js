'use strict';
const net = require('node:net');

/** A loopback port free right now: the system picks it for a listener that is closed at once. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

module.exports = { freePort };
