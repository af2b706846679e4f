#!/usr/bin/env node
// Runs the contracts' fuzz and invariant tests with forge (Foundry, from npm), then shows they can
// fail: the same invariants against a copy of the wallet with its threshold check off by one must
// fail, on the invariant that catches it.
//   npm run contracts:test                         default profile (foundry.toml)
//   FOUNDRY_PROFILE=ci npm run contracts:test      the bounded runs CI uses
//   npm run contracts:test -- --match-contract WalletInvariants_1_2_0 -vv   arguments go to forge
'use strict';
const { spawnSync } = require('node:child_process');
const { copyFileSync, readFileSync, writeFileSync, mkdirSync, mkdtempSync, existsSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');

const ROOT = join(__dirname, '..');
// Generated beside the suite (so one compile serves both runs) and removed after the run.
const GENERATED = join(ROOT, 'contracts', 'fuzz', 'generated');
const BROKEN_TEST = join(ROOT, 'contracts', 'fuzz-broken', 'ThresholdOffByOne.t.sol');
const BROKEN_CONTRACT = 'ThresholdOffByOneInvariants';
// What the broken copy's campaign must report: an operation executed with too few signatures.
const EXPECTED_FAILURE = 'execute succeeded where it must have been refused';

const PLATFORM = { linux: 'linux', darwin: 'darwin', win32: 'win32' };
const ARCH = { x64: 'amd64', arm64: 'arm64' };

/** forge from Foundry's per-platform npm package (as test/support/anvil.ts finds anvil). */
function forgeBinary() {
  const name = `@foundry-rs/forge-${PLATFORM[process.platform] ?? process.platform}-${ARCH[process.arch] ?? process.arch}`;
  try {
    const bin = join(
      dirname(require.resolve(`${name}/package.json`)),
      'bin',
      process.platform === 'win32' ? 'forge.exe' : 'forge',
    );
    if (existsSync(bin)) return bin;
  } catch {
    // not installed for this platform
  }
  console.error(`contracts:test: forge not found; install ${name} (the project pins @foundry-rs/forge-linux-amd64).`);
  process.exit(1);
}

/** A copy of MultiSigWallet.sol whose threshold check accepts one signature too few. */
function writeBrokenWallet() {
  let source = readFileSync(join(ROOT, 'contracts', 'src', 'MultiSigWallet.sol'), 'utf8');
  const edits = [
    ['if (count < _threshold) revert ThresholdNotMet', 'if (count + 1 < _threshold) revert ThresholdNotMet'],
    ['abstract contract MultiSigWallet is', 'abstract contract MultiSigWalletThresholdOffByOne is'],
    ['from "./DepositAccount.sol"', 'from "contracts/src/DepositAccount.sol"'],
  ];
  for (const [from, to] of edits) {
    if (source.split(from).length !== 2) throw new Error(`broken copy: "${from}" is not in MultiSigWallet.sol once`);
    source = source.replace(from, to);
  }
  source +=
    '\ncontract MultiSigWalletThresholdOffByOne_1_2_0 is MultiSigWalletThresholdOffByOne {\n' +
    '    constructor() MultiSigWalletThresholdOffByOne("1.2.0", true) {}\n}\n';
  mkdirSync(GENERATED, { recursive: true });
  writeFileSync(join(GENERATED, 'MultiSigWalletThresholdOffByOne.sol'), source);
  copyFileSync(BROKEN_TEST, join(GENERATED, 'ThresholdOffByOne.t.sol'));
}

function forge(args, env = {}, capture = false) {
  return spawnSync(forgeBinary(), args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

function main() {
  writeBrokenWallet();
  const started = Date.now();
  const suite = forge(['test', '--no-match-contract', BROKEN_CONTRACT, ...process.argv.slice(2)]);
  if (suite.status !== 0) return suite.status ?? 1;
  console.log(`contracts:test: fuzz and invariant tests passed in ${Math.round((Date.now() - started) / 1000)} s`);

  // No failure persisted by an earlier run to replay: the campaign must find the bug itself.
  const failures = mkdtempSync(join(tmpdir(), 'forge-failures-'));
  const brokenStarted = Date.now();
  const broken = forge(
    ['test', '--match-contract', BROKEN_CONTRACT],
    // Shrinking a sequence this script only needs to see fail would take most of its time.
    { FOUNDRY_INVARIANT_FAILURE_PERSIST_DIR: failures, FOUNDRY_INVARIANT_SHRINK_RUN_LIMIT: '50' },
    true,
  );
  rmSync(failures, { recursive: true, force: true });
  const output = `${broken.stdout}${broken.stderr}`;
  if (broken.status === 0 || !output.includes(EXPECTED_FAILURE)) {
    console.error(output);
    console.error(
      broken.status === 0
        ? 'contracts:test: the invariants PASSED on the wallet with the off-by-one threshold check: they cannot catch it'
        : `contracts:test: the broken wallet's campaign failed, but not with "${EXPECTED_FAILURE}"`,
    );
    return 1;
  }
  const sequence = output.match(/\[Sequence\][^\n]*/)?.[0] ?? '';
  console.log(
    `contracts:test: the invariants catch the off-by-one threshold wallet, as they must (${EXPECTED_FAILURE}; ${sequence.trim()}; ${Math.round((Date.now() - brokenStarted) / 1000)} s)`,
  );
  return 0;
}

let status = 1;
try {
  status = main();
} finally {
  rmSync(GENERATED, { recursive: true, force: true });
}
process.exit(status);
