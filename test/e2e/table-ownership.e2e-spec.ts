import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { accessesByContext, documentedOwnership, tableAccesses, TableOwnership } from '../support/table-access';
import { testDatabaseUrl } from '../support/test-app';

/**
 * Data ownership as explicit as the import boundaries: docs/architecture.md names each table's one
 * owning context and the other contexts that read it. The code's SQL must agree (only the owner
 * writes; a reader is named), and every table of the migrated database must be in that list.
 */
describe('table ownership (docs/architecture.md)', () => {
  const root = join(__dirname, '..', '..');
  const documented = documentedOwnership(readFileSync(join(root, 'docs', 'architecture.md'), 'utf8'));
  const byTable = new Map<string, TableOwnership>(documented.map((row) => [row.table, row]));
  const tables = new Set(byTable.keys());

  it('lists every table of the database once, each with an owner', async () => {
    const client = new Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'`,
      );
      expect([...tables].sort()).toEqual(rows.map((row) => row.table_name).sort());
    } finally {
      await client.end();
    }
    expect(documented).toHaveLength(tables.size);
    for (const row of documented) expect(row.owner).toMatch(/^[a-z]+$/);
  });

  it("no context's SQL writes a table it does not own", () => {
    const foreign = [...accessesByContext(root, tables)].flatMap(([context, accesses]) =>
      accesses
        .filter((access) => access.kind === 'write' && byTable.get(access.table)?.owner !== context)
        .map((access) => `${context} writes ${access.table} (${access.file})`),
    );
    expect(foreign).toEqual([]);
  });

  it('every read of another context’s table is named in the list', () => {
    const unnamed = [...accessesByContext(root, tables)].flatMap(([context, accesses]) =>
      accesses
        .filter((access) => {
          const row = byTable.get(access.table);
          return access.kind === 'read' && row?.owner !== context && !row?.readBy.includes(context);
        })
        .map((access) => `${context} reads ${access.table} (${access.file})`),
    );
    expect([...new Set(unnamed)]).toEqual([]);
  });

  it('sees writes and reads in SQL, and not in prose', () => {
    const known = new Set(['deployments', 'transactions', 'invoices']);
    const source = `
      // UPDATE invoices is only mentioned here, in a comment
      /* DELETE FROM invoices, also a comment */
      await manager.query(\`UPDATE deployments SET next_invoice_nonce = next_invoice_nonce + 1 WHERE id = $1\`);
      await manager.query('DELETE FROM transactions WHERE id = $1');
      await manager.query(\`INSERT INTO transactions (id) SELECT t.id FROM invoices i JOIN deployments d ON true\`);
      await manager.query(\`SELECT 1 FROM invoices FOR UPDATE\`);`;
    expect(tableAccesses('fixture.ts', source, known).map((access) => `${access.kind} ${access.table}`)).toEqual([
      'write deployments',
      'write transactions',
      'write transactions',
      'read invoices',
      'read deployments',
      'read invoices',
    ]);
  });
});
