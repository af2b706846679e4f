import { Client } from 'pg';
import type { CurrencySeed } from '../../src/modules/catalog/seed/currencies';

/**
 * A scam look-alike of Tron's USDT, for the tests of the `isScam`/`isVerified` filters and of
 * hidden currencies: the shipped catalog holds only real tokens, so the test databases add this row
 * of their own. Its symbol spells the T in Cyrillic (U+0422), as such airdropped tokens do to poison
 * address books, so a lookup of "USDT" by symbol still finds one currency per chain. The address is
 * invented: the last 20 bytes of keccak256("deployments-api/test-fixtures/scam-usdt-look-alike")
 * under the 0x41 prefix, valid base58check but no contract.
 */
export const TEST_SCAM_TOKEN: CurrencySeed = {
  id: '728126428-TEudAiAxet2eSk3Xb7gJ6UFtFihG2qG7JZ',
  chainId: '728126428',
  symbol: 'USD\u0422',
  name: 'Tether USD',
  address: 'TEudAiAxet2eSk3Xb7gJ6UFtFihG2qG7JZ',
  decimals: 6,
  isNative: false,
  isScam: true,
  isVerified: false,
  cmcId: null,
  logoUrl: null,
  usdRate: null,
};

/** Adds the test-only currencies to a freshly prepared test database. */
export async function insertTestCurrencies(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const c = TEST_SCAM_TOKEN;
    await client.query(
      `INSERT INTO currencies (id, chain_id, symbol, name, address, decimals, is_native, is_scam, is_verified, cmc_id, logo_url, usd_rate)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        c.id,
        c.chainId,
        c.symbol,
        c.name,
        c.address,
        c.decimals,
        c.isNative,
        c.isScam,
        c.isVerified,
        c.cmcId,
        c.logoUrl,
        c.usdRate,
      ],
    );
  } finally {
    await client.end();
  }
}
