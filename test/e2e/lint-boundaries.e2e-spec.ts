import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * The import-boundary rule (lint/import-boundaries.js, docs/architecture.md) on fixture sources:
 * each violation must be an ESLint error, so `npm run lint` fails on it, and each allowed shape
 * must pass. Fixtures are linted as text at paths inside src/modules; nothing is written to disk.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const importBoundaries = require('../../lint/import-boundaries') as { config: object };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const repositoryConfig = require('../../eslint.config.js') as object[];

const root = join(__dirname, '..', '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, importBoundaries.config],
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  const parsing = result.messages.filter((message) => message.ruleId === null);
  if (parsing.length > 0) throw new Error(parsing.map((message) => message.message).join('; '));
  return result.messages
    .filter((message) => message.ruleId === 'boundaries/layers' && message.severity === 2)
    .map((message) => message.message);
}

describe('import boundaries (npm run lint)', () => {
  it('are part of the repository lint configuration', () => {
    expect(repositoryConfig).toContain(importBoundaries.config);
  });

  it.each([
    ['domain imports Nest', 'src/modules/queue/domain/fixture.ts', `import { Injectable } from '@nestjs/common';`],
    ['domain imports Express', 'src/modules/queue/domain/fixture.ts', `import type { Request } from 'express';`],
    [
      'domain imports TypeORM as a value',
      'src/modules/queue/domain/fixture.ts',
      `import { DataSource } from 'typeorm';`,
    ],
    [
      'domain imports its application layer',
      'src/modules/queue/domain/fixture.ts',
      `import { QueueService } from '../application/queue.service';`,
    ],
    [
      'domain imports shared SQL helpers',
      'src/modules/queue/domain/fixture.ts',
      `import { SqlWhere } from '../../../shared/infrastructure/sql';`,
    ],
    [
      'application imports its own infrastructure',
      'src/modules/queue/application/fixture.ts',
      `import { TypeOrmQueueOperationRepository } from '../infrastructure/typeorm-queue-operation.repository';`,
    ],
    [
      'application imports its own api, even as a type',
      'src/modules/deployments/application/fixture.ts',
      `import type { TransactionResponseDto } from '../api/transaction-response.dto';`,
    ],
    [
      "application imports another context's infrastructure",
      'src/modules/payouts/application/fixture.ts',
      `import { TypeOrmInvoiceRepository } from '../../billing/infrastructure/typeorm-invoice.repository';`,
    ],
    [
      'application imports shared SQL helpers',
      'src/modules/claims/application/fixture.ts',
      `import { SqlWhere } from '../../../shared/infrastructure/sql';`,
    ],
    [
      "api imports another context's domain as a value",
      'src/modules/payouts/api/fixture.ts',
      `import { QueueOperation } from '../../queue/domain/queue-operation';`,
    ],
    [
      "api imports another context's api (other than the access guard)",
      'src/modules/payouts/api/fixture.ts',
      `import { QueueOperationPresenter } from '../../queue/api/queue-operation-presenter';`,
    ],
    [
      "infrastructure imports another context's infrastructure",
      'src/modules/claims/infrastructure/fixture.ts',
      `import { TypeOrmInvoiceRepository } from '../../billing/infrastructure/typeorm-invoice.repository';`,
    ],
    [
      "a re-export of another context's domain",
      'src/modules/queue/application/fixture.ts',
      `export { Invoice } from '../../billing/domain/invoice';`,
    ],
    [
      "a dynamic import of another context's infrastructure",
      'src/modules/queue/application/fixture.ts',
      `export const load = () => import('../../billing/infrastructure/typeorm-invoice.repository');`,
    ],
  ])('fails on a violation: %s', async (_label, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([expect.any(String)]);
  });

  it.each([
    [
      'domain imports TypeORM as a type',
      'src/modules/queue/domain/fixture.ts',
      `import type { EntityManager } from 'typeorm';`,
    ],
    [
      'domain imports shared domain',
      'src/modules/queue/domain/fixture.ts',
      `import { Address } from '../../../shared/domain/address';`,
    ],
    [
      "application imports another context's application",
      'src/modules/queue/application/fixture.ts',
      `import { DeploymentsService } from '../../deployments/application/deployments.service';`,
    ],
    [
      "application imports another context's domain type",
      'src/modules/payouts/application/fixture.ts',
      `import type { QueueOperation } from '../../queue/domain/queue-operation';`,
    ],
    [
      'a module imports another module',
      'src/modules/queue/queue.module.ts',
      `import { DeploymentsModule } from '../deployments/deployments.module';`,
    ],
    [
      'a controller uses the deployments access guard',
      'src/modules/billing/api/fixture.ts',
      `import { DeploymentScoped } from '../../deployments/api/access.guard';`,
    ],
    [
      'application imports a flat context (catalog)',
      'src/modules/claims/application/fixture.ts',
      `import { CatalogService } from '../../catalog/catalog.service';`,
    ],
    [
      'infrastructure imports its own domain and shared SQL helpers',
      'src/modules/claims/infrastructure/fixture.ts',
      `import { ClaimRepository } from '../domain/claim.repository';\nimport { SqlWhere } from '../../../shared/infrastructure/sql';`,
    ],
  ])('allows: %s', async (_label, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
