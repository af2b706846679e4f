#!/usr/bin/env node
// Answers forge's ffi with the service's own derivation of a deposit address
// (src/modules/billing/domain/deposit-address.ts, loaded through swc as the unit tests load it),
// so a fuzz test can hold it against the contract for any wallet and id. One call answers a batch
// (starting node is the slow part):
//   node service-deposit-address.js <init-code hash> <abi.encode(address[] wallets, bytes32[] ids)>
// prints abi.encode(address[] evm, address[] tron) as hex, the Tron ones in their 20-byte form.
'use strict';
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { transformSync } = require('@swc/core');
const { decodeAbiParameters, encodeAbiParameters } = require('viem');

// Lets require() load the TypeScript sources (and find them without an extension).
Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

const { deriveInvoiceAddress } = require('../../../src/modules/billing/domain/deposit-address');
const [initCodeHash, batch] = process.argv.slice(2);
const [wallets, ids] = decodeAbiParameters([{ type: 'address[]' }, { type: 'bytes32[]' }], batch);
const derive = (networkType, wallet, id) =>
  deriveInvoiceAddress({ networkType, deployerHex20: wallet.toLowerCase(), invoiceNonce: BigInt(id), initCodeHash })
    .hex20;
const evm = wallets.map((wallet, i) => derive('evm', wallet, ids[i]));
const tron = wallets.map((wallet, i) => derive('tvm', wallet, ids[i]));
process.stdout.write(encodeAbiParameters([{ type: 'address[]' }, { type: 'address[]' }], [evm, tron]));
