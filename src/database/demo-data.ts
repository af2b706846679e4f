import type { INestApplicationContext } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { MembersService } from '../modules/auth/application/members.service';
import { DeploymentsService } from '../modules/deployments/application/deployments.service';
import { WalletFactory } from '../modules/deployments/application/wallet-factory';

export interface DemoData {
  readonly memberAddress: string;
  /** The member's wallet key, so the user can sign queue operations as the single approver. */
  readonly privateKey: `0x${string}`;
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly accountId: string;
  readonly deploymentId: string;
}

/**
 * On a database nobody has provisioned yet, and never in production (README, Run it): a member with a
 * fresh wallet, an account of that member, and an Ethereum deployment it approves alone.
 * Returns undefined when it did nothing.
 */
export async function seedDemoData(
  app: INestApplicationContext,
  config: Pick<AppConfig, 'nodeEnv'>,
): Promise<DemoData | undefined> {
  if (config.nodeEnv === 'production') return undefined;
  const members = app.get(MembersService);
  if (await members.hasMembers()) return undefined;
  const deployments = app.get(DeploymentsService);
  // viem's accounts (and their mnemonic word lists) only for a first start in development.
  const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts');

  const privateKey = generatePrivateKey();
  const credentials = await members.createMember(privateKeyToAccount(privateKey).address);
  const account = await deployments.createAccount({
    name: 'Demo account',
    members: [credentials.address],
    smartContractVersionId: '1.2.0-evm',
    threshold: 1,
    // A placeholder contract address (the demo wallet is not deployed on chain), unless
    // CHAIN_CONTRACTS configures a factory: then the account gets the factory's address.
    address:
      app.get(WalletFactory).addressChain('evm', null) === undefined
        ? privateKeyToAccount(generatePrivateKey()).address
        : undefined,
  });
  const deployment = await deployments.createDeployment({ accountId: account.id, chainId: '1' });
  return {
    memberAddress: credentials.address,
    privateKey,
    apiKey: credentials.apiKey,
    apiSecret: credentials.apiSecret,
    accountId: account.id,
    deploymentId: deployment.id,
  };
}

/**
 * The README's first commands ("A first call"), which the banner prints after `export` lines that
 * set the variables they use. test/e2e/auth-demo-data.e2e-spec.ts compares the two.
 */
export const FIRST_CALL_COMMANDS: readonly string[] = [
  `curl -s -H "x-api-key: $API_KEY" "$BASE_URL/api/v1/accounts/deployments/$DEPLOYMENT_ID/nonce-info"`,
  `curl -s -H "x-api-key: $API_KEY" "$BASE_URL/api/v1/accounts/$ACCOUNT_ID"`,
  `curl -s -H "x-api-key: $API_KEY" -H 'Content-Type: application/json' -d '{"requestedAmount":"25","currencyIds":["1-0xdac17f958d2ee523a2206206994597c13d831ec7"],"paymentPageButtonUrl":null,"paymentPageButtonText":null}' "$BASE_URL/api/v1/deployments/$DEPLOYMENT_ID/invoices"`,
];

/** What `npm start` prints after creating demo data: plain lines for a person, not log records. */
export function describeDemoData(
  demo: DemoData,
  listening: { baseUrl: string; host: string; hostFromEnv: boolean },
): string {
  const loopbackOnly = listening.host === '127.0.0.1' || listening.host === '::1' || listening.host === 'localhost';
  const reach = loopbackOnly
    ? `Listening on ${listening.host} only${listening.hostFromEnv ? ' (HOST)' : ' (set HOST=0.0.0.0 to listen on every interface)'}: the lines above hold a private key and an API secret.`
    : `Listening on ${listening.host} (HOST): every machine that reaches this one can call it; the lines above hold a private key and an API secret.`;
  return [
    '',
    'Demo data created (an empty database, NODE_ENV is not production). Shown once; keep what you need:',
    `  member address:     ${demo.memberAddress}`,
    `  member private key: ${demo.privateKey}   (the deployment's single approver; signs queue operations)`,
    `  API key:            ${demo.apiKey}`,
    `  API secret:         ${demo.apiSecret}`,
    `  account id:         ${demo.accountId}`,
    `  deployment id:      ${demo.deploymentId}   (Ethereum, contract version 1.2.0-evm, threshold 1)`,
    '',
    reach,
    '',
    "A first call (the README's), ready to paste into a shell:",
    '',
    `export BASE_URL=${listening.baseUrl}`,
    `export API_KEY=${demo.apiKey}`,
    `export ACCOUNT_ID=${demo.accountId}`,
    `export DEPLOYMENT_ID=${demo.deploymentId}`,
    ...FIRST_CALL_COMMANDS,
    '',
  ].join('\n');
}
