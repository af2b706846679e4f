import { DataSource } from 'typeorm';
import { loadCatalog } from '../../src/modules/catalog/catalog-loader';
import { insertExistingDeployment, MigratedDatabase, migratedOver } from '../support/migrations';

const DROP_INVENTED_SCAM_USDT = 1795530537200;
const INVENTED = '728126428-TYJYWzEhk5ftPvxqoiSaxsWZQMCWzg13F2';

/**
 * DropInventedScamUsdt: an installation whose catalog still holds the invented Tron "USDT"
 * look-alike of earlier seeds, named by nothing but a member's hidden list, loses it (and the hidden
 * entry), so a lookup of USDT by symbol on Tron finds the real token alone.
 */
describe('migration DropInventedScamUsdt', () => {
  const ids = {
    account: '20000000-0000-4000-8000-0000000000aa',
    member: '20000000-0000-4000-8000-0000000000ba',
    deployment: '20000000-0000-4000-8000-0000000000da',
  };
  let migrated: MigratedDatabase | undefined;
  let db: DataSource;

  beforeAll(async () => {
    migrated = await migratedOver(`drop_scam_${Date.now().toString(36)}`, DROP_INVENTED_SCAM_USDT, async (before) => {
      await loadCatalog(before);
      await before.query(
        `INSERT INTO currencies (id, chain_id, symbol, name, address, decimals, is_native, is_scam, is_verified)
         VALUES ($1, '728126428', 'USDT', 'Tether USD', 'TYJYWzEhk5ftPvxqoiSaxsWZQMCWzg13F2', 6, false, true, false)`,
        [INVENTED],
      );
      await insertExistingDeployment(before, ids);
      await before.query(`INSERT INTO member_hidden_currencies (member_id, currency_id) VALUES ($1, $2)`, [
        ids.member,
        INVENTED,
      ]);
    });
    db = migrated.db;
  });

  afterAll(async () => {
    await migrated?.drop();
  });

  it('removes the unused invented token and its hidden entries; Tron USDT is one currency again', async () => {
    expect(await db.query(`SELECT id FROM currencies WHERE id = $1`, [INVENTED])).toEqual([]);
    expect(await db.query(`SELECT 1 FROM member_hidden_currencies WHERE currency_id = $1`, [INVENTED])).toEqual([]);
    expect(await db.query(`SELECT id FROM currencies WHERE chain_id = '728126428' AND upper(symbol) = 'USDT'`)).toEqual(
      [{ id: '728126428-TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
    );
  });
});
