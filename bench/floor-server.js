'use strict';
// The framework's floor for `npm run bench`: the baseline's endpoints (bench/baseline-server.js,
// the same SQL and the same JSON) behind NestJS on Express as an application of its own would use
// them: a controller per route with its path parameters, query and header read by Nest's
// decorators, the body returned and sent by Nest. No middleware, guard, pipe, filter or
// interceptor, no logging, metrics or validation: what NestJS and Express cost by themselves. The
// app's distance from this server is its own code's; this server's distance from the baseline is
// the framework's, which the app cannot leave.
require('reflect-metadata');
const { Controller, Get, Headers, Module, Param, Query, Res } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { endpoints } = require('./baseline-server');

/** Nest's decorators applied by hand: this file is plain JavaScript, run without a compiler. */
function route(controller, method, path, params) {
  const descriptor = Object.getOwnPropertyDescriptor(controller.prototype, method);
  Reflect.decorate([Get(path)], controller.prototype, method, descriptor);
  params.forEach((decorator, index) => decorator(controller.prototype, method, index));
}

/** The status the endpoint chose, the body returned for Nest to send (`passthrough`). */
function reply(res, { status, body }) {
  res.status(status);
  return body;
}

class FloorController {
  health(res) {
    return reply(res, endpoints.health());
  }
  currencies(res) {
    return reply(res, endpoints.currencies());
  }
  async balances(res, apiKey, accountId, chainId) {
    return reply(res, await endpoints.balances(apiKey, accountId, chainId));
  }
  async transactions(res, apiKey, deploymentId, query) {
    return reply(res, await endpoints.transactions(apiKey, deploymentId, query));
  }
  async transaction(res, apiKey, deploymentId, transactionId) {
    return reply(res, await endpoints.transaction(apiKey, deploymentId, transactionId));
  }
  async invoices(res, apiKey, deploymentId) {
    return reply(res, await endpoints.list(apiKey, deploymentId, 'invoices'));
  }
  async payouts(res, apiKey, deploymentId) {
    return reply(res, await endpoints.list(apiKey, deploymentId, 'payouts'));
  }
  async operations(res, apiKey, deploymentId) {
    return reply(res, await endpoints.list(apiKey, deploymentId, 'operations'));
  }
  async claims(res, apiKey, deploymentId) {
    return reply(res, await endpoints.list(apiKey, deploymentId, 'claims'));
  }
}
const response = Res({ passthrough: true });
const apiKey = Headers('x-api-key');
route(FloorController, 'health', 'health', [response]);
route(FloorController, 'currencies', 'api/v1/public/currencies', [response]);
route(FloorController, 'balances', 'api/v1/accounts/:id/balance/assets', [
  response,
  apiKey,
  Param('id'),
  Query('chainId'),
]);
route(FloorController, 'transactions', 'api/v1/deployments/:id/transactions', [response, apiKey, Param('id'), Query()]);
route(FloorController, 'transaction', 'api/v1/deployments/:id/transactions/:transactionId', [
  response,
  apiKey,
  Param('id'),
  Param('transactionId'),
]);
for (const list of ['invoices', 'payouts', 'operations', 'claims'])
  route(FloorController, list, `api/v1/deployments/:id/${list}`, [response, apiKey, Param('id')]);
Controller()(FloorController);

class FloorModule {}
Module({ controllers: [FloorController] })(FloorModule);

NestFactory.create(FloorModule, { logger: false })
  .then(async (app) => {
    await app.listen(Number(process.env.PORT), '127.0.0.1');
    process.stdout.write('ready\n');
  })
  .catch((error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
