import type { INestApplicationContext } from '@nestjs/common';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
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

/** What `npm start` prints after creating demo data: plain lines for a person, not log records. */
export function describeDemoData(demo: DemoData, baseUrl: string): string {
  const tokenBody = JSON.stringify({
    data: { type: 'auth-token', attributes: { login: demo.apiKey, password: demo.apiSecret } },
  });
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
    'Try it:',
    `  curl -H 'x-api-key: ${demo.apiKey}' ${baseUrl}/api/v1/accounts/deployments/${demo.deploymentId}/nonce-info`,
    `  curl -X POST -H 'Content-Type: application/vnd.api+json' -d '${tokenBody}' ${baseUrl}/token/`,
    '',
  ].join('\n');
}
