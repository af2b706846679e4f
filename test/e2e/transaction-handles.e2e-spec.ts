import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sourceFiles } from '../support/table-access';

/**
 * One transaction handle and one way to open a transaction (docs/architecture.md, Transactions):
 * a use case (application/) opens it with `DataSource.transaction`, and every port and
 * cross-context call takes its `EntityManager`. Repositories never open one of their own.
 */
describe('transaction handles (docs/architecture.md)', () => {
  const root = join(__dirname, '..', '..');
  const files = [...sourceFiles(join(root, 'src', 'modules')), ...sourceFiles(join(root, 'src', 'shared'))].map(
    (file) => ({ path: relative(root, file).split(sep).join('/'), code: withoutComments(readFileSync(file, 'utf8')) }),
  );

  /**
   * The two that take a connection of their own, not a transaction of the pool: an export's
   * read-only snapshot behind a cursor, and the indexer's checkpoint on the connection that holds
   * the chain's advisory lock.
   */
  const OWN_CONNECTIONS = [
    'src/shared/infrastructure/sql-cursor.ts',
    'src/modules/chain/infrastructure/checkpoint-store.ts',
  ];

  it('opens transactions only in use cases', () => {
    const openers = files
      .filter(({ code }) => /\.transaction\s*[<(]/.test(code))
      .map(({ path }) => path)
      .filter((path) => !isUseCase(path));
    expect(openers).toEqual([]);
  });

  it('declares no transaction opener on a port or adapter', () => {
    const declared = files
      .filter(({ path }) => /\/(domain|infrastructure)\//.test(path))
      .filter(({ code }) => /^\s*(?:abstract\s+)?(?:async\s+)?(?:transaction|within\w*Transaction)\s*[<(]/m.test(code))
      .map(({ path }) => path);
    expect(declared).toEqual([]);
  });

  it('types every transaction handle as the EntityManager', () => {
    const untyped = files.flatMap(({ path, code }) =>
      [...code.matchAll(/\bmanager\??\s*:\s*([A-Za-z_][\w.]*)/g)]
        .filter((match) => match[1] !== 'EntityManager')
        .map((match) => `${path}: manager: ${match[1]}`),
    );
    expect(untyped).toEqual([]);
  });

  it('begins no transaction by hand outside the two own connections', () => {
    const byHand = files
      .filter(({ code }) => /\bstartTransaction\s*\(|['"`]BEGIN\b/.test(code))
      .map(({ path }) => path)
      .filter((path) => !OWN_CONNECTIONS.includes(path));
    expect(byHand).toEqual([]);
  });

  it('sees an opener and an untyped handle where they are', () => {
    const repository = `export class TypeOrmThings { transaction<T>(work: (manager: unknown) => Promise<T>) {
      return this.dataSource.transaction(work); } }`;
    expect(/\.transaction\s*[<(]/.test(repository)).toBe(true);
    expect(isUseCase('src/modules/things/infrastructure/typeorm-thing.repository.ts')).toBe(false);
    expect(isUseCase('src/modules/things/application/things.service.ts')).toBe(true);
    expect([...repository.matchAll(/\bmanager\??\s*:\s*([A-Za-z_][\w.]*)/g)].map((match) => match[1])).toEqual([
      'unknown',
    ]);
  });
});

/**
 * A use case: a context's application/ service, a flat context's own code (the catalog's start-up
 * load), or the Idempotency-Key store's enclosing transaction in the shared HTTP layer.
 */
function isUseCase(path: string): boolean {
  if (/^src\/modules\/[a-z-]+\/application\//.test(path)) return true;
  if (/^src\/modules\/[a-z-]+\/[^/]+\.ts$/.test(path)) return true;
  return path.startsWith('src/shared/http/idempotency/');
}

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}
