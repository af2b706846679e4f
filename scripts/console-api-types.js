#!/usr/bin/env node
// The console's API types, generated from openapi.json by openapi-typescript into
// console/src/api/openapi.ts (committed, so the console builds without a step of its own and a
// review shows how a change of the API changes them).
//   node scripts/console-api-types.js            writes the file
//   node scripts/console-api-types.js --check    exits 1 when the committed file differs
//   --input <file>                               another description (the check's own test uses it)
'use strict';
const { readFileSync, writeFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const OUTPUT = join(root, 'console', 'src', 'api', 'openapi.ts');
const HEADER = [
  '// Generated from openapi.json by scripts/console-api-types.js (openapi-typescript): do not edit.',
  '// `npm run openapi` rewrites it with openapi.json; console/src/api/openapi.spec.ts checks they agree.',
  '',
].join('\n');

/** The file's text for the description at `input`, formatted as the repository formats TypeScript. */
async function generate(input = join(root, 'openapi.json')) {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const prettier = await import('prettier');
  const document = JSON.parse(readFileSync(input, 'utf8'));
  const ast = await openapiTS(document, { alphabetize: false, exportType: false });
  const options = { ...(await prettier.resolveConfig(OUTPUT)), filepath: OUTPUT };
  return prettier.format(HEADER + astToString(ast), options);
}

async function main() {
  const args = process.argv.slice(2);
  const inputAt = args.indexOf('--input');
  const text = await generate(inputAt === -1 ? undefined : args[inputAt + 1]);
  if (args.includes('--check')) {
    const committed = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
    if (committed !== text) {
      process.stderr.write(
        'console/src/api/openapi.ts does not match openapi.json: run `node scripts/console-api-types.js`\n',
      );
      process.exit(1);
    }
    process.stdout.write('console/src/api/openapi.ts matches openapi.json\n');
    return;
  }
  writeFileSync(OUTPUT, text);
  process.stdout.write(`wrote ${OUTPUT}\n`);
}

module.exports = { generate, OUTPUT };
if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
