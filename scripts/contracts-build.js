#!/usr/bin/env node
// Compiles contracts/src (and contracts/test) with the pinned `solc` npm package (its bundled
// compiler, never a download) and writes one artifact per contract to contracts/artifacts:
// `{ contractName, sourceName, compiler, abi, bytecode, deployedBytecode }`.
//   npm run contracts:build          write the artifacts
//   npm run contracts:build -- --check   exit 1 if the committed artifacts differ from a fresh compile
'use strict';
const { readFileSync, readdirSync, writeFileSync, mkdirSync, existsSync } = require('node:fs');
const { join, relative, sep } = require('node:path');

const ROOT = join(__dirname, '..');
const CONTRACTS = join(ROOT, 'contracts');
const ARTIFACTS = join(CONTRACTS, 'artifacts');
const SOURCE_DIRS = ['src', 'test'];
// Fixed so a fresh compile is byte-identical: no metadata hash in the bytecode, so the deposit
// account's init-code hash depends on the code alone, not on comments or file paths.
const SETTINGS = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  metadata: { bytecodeHash: 'none', appendCBOR: false },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

function sources() {
  const result = {};
  for (const dir of SOURCE_DIRS) {
    const abs = join(CONTRACTS, dir);
    if (!existsSync(abs)) continue;
    for (const file of readdirSync(abs)
      .filter((name) => name.endsWith('.sol'))
      .sort()) {
      const key = relative(CONTRACTS, join(abs, file)).split(sep).join('/');
      result[key] = { content: readFileSync(join(abs, file), 'utf8') };
    }
  }
  return result;
}

function findImport(path) {
  try {
    if (path.startsWith('@openzeppelin/')) return { contents: readFileSync(require.resolve(path), 'utf8') };
    return { contents: readFileSync(join(CONTRACTS, path), 'utf8') };
  } catch {
    return { error: `not found: ${path}` };
  }
}

/** Compiles every source; returns a map of contract name → artifact. Throws on any compile error. */
function compileContracts() {
  const solc = require('solc');
  const input = { language: 'Solidity', sources: sources(), settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((entry) => entry.formattedMessage).join('\n'));
  const artifacts = {};
  for (const [sourceName, contracts] of Object.entries(output.contracts)) {
    if (sourceName.startsWith('@openzeppelin/')) continue;
    for (const [contractName, compiled] of Object.entries(contracts)) {
      if (compiled.evm.bytecode.object === '') continue; // interfaces and abstract contracts
      artifacts[contractName] = {
        contractName,
        sourceName,
        compiler: `solc-${solc.version()}`,
        abi: compiled.abi,
        bytecode: `0x${compiled.evm.bytecode.object}`,
        deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
      };
    }
  }
  return artifacts;
}

/** The file text of every artifact, by file name. */
function artifactFiles(artifacts = compileContracts()) {
  const files = {};
  for (const name of Object.keys(artifacts).sort())
    files[`${name}.json`] = `${JSON.stringify(artifacts[name], null, 2)}\n`;
  return files;
}

/** File names whose committed text differs from `files` (missing, changed or extra). */
function staleArtifacts(files = artifactFiles()) {
  const committed = existsSync(ARTIFACTS) ? readdirSync(ARTIFACTS).filter((name) => name.endsWith('.json')) : [];
  const stale = Object.keys(files).filter(
    (name) => !committed.includes(name) || readFileSync(join(ARTIFACTS, name), 'utf8') !== files[name],
  );
  return [...stale, ...committed.filter((name) => !(name in files))];
}

module.exports = { compileContracts, artifactFiles, staleArtifacts, ARTIFACTS };

if (require.main === module) {
  const files = artifactFiles();
  if (process.argv.includes('--check')) {
    const stale = staleArtifacts(files);
    if (stale.length > 0) {
      console.error(
        `contracts/artifacts differ from a fresh compile: ${stale.join(', ')}. Run npm run contracts:build.`,
      );
      process.exit(1);
    }
    console.log('contracts/artifacts match a fresh compile');
  } else {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(ARTIFACTS, name), text);
    console.log(`wrote ${Object.keys(files).length} artifacts to ${relative(ROOT, ARTIFACTS)}`);
  }
}
