import { MembersService } from '../modules/auth/application/members.service';
import { DeploymentsService } from '../modules/deployments/application/deployments.service';
import type { DeploymentStatus } from '../modules/deployments/domain/deployment-status';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { withApplication } from './application';
import { CliArgs } from './cli-args';

interface Services {
  readonly members: MembersService;
  readonly deployments: DeploymentsService;
}

function withServices<T>(work: (services: Services) => Promise<T>): Promise<T> {
  return withApplication((app) => work({ members: app.get(MembersService), deployments: app.get(DeploymentsService) }));
}

/** Members, their credentials and hidden currencies; accounts; deployments (README, Run it). */
export const provisioningCommands = {
  'member:create': async (args: CliArgs) => {
    const address = args.allowOnly('address').required('address');
    return withServices(({ members }) => members.createMember(address));
  },

  'member:regenerate-credentials': async (args: CliArgs) => {
    const address = args.allowOnly('address').required('address');
    return withServices(({ members }) => members.regenerateCredentials(address));
  },

  'member:hide-currency': async (args: CliArgs) => {
    args.allowOnly('address', 'currency');
    const [address, currency] = [args.required('address'), args.required('currency')];
    return withServices(async ({ members }) => ({
      address,
      currency: await members.hideCurrency(address, currency),
      hidden: true,
    }));
  },

  'member:show-currency': async (args: CliArgs) => {
    args.allowOnly('address', 'currency');
    const [address, currency] = [args.required('address'), args.required('currency')];
    return withServices(async ({ members }) => ({
      address,
      currency: await members.showCurrency(address, currency),
      hidden: false,
    }));
  },

  'account:create': async (args: CliArgs) => {
    args.allowOnly('name', 'members', 'version', 'approvers', 'threshold', 'address');
    const command = {
      name: args.required('name'),
      members: args.list('members'),
      smartContractVersionId: args.optional('version') ?? '1.2.0-evm',
      approvers: args.optional('approvers') === undefined ? undefined : args.list('approvers'),
      threshold: args.integer('threshold'),
      address: args.optional('address'),
    };
    return withServices(({ deployments }) => deployments.createAccount(command));
  },

  'member:hide-account': async (args: CliArgs) => {
    args.allowOnly('address', 'account');
    const [address, account] = [args.required('address'), args.required('account')];
    return withServices(async ({ deployments }) => {
      await deployments.hideAccount(address, account, true);
      return { address, account, hidden: true };
    });
  },

  'member:show-account': async (args: CliArgs) => {
    args.allowOnly('address', 'account');
    const [address, account] = [args.required('address'), args.required('account')];
    return withServices(async ({ deployments }) => {
      await deployments.hideAccount(address, account, false);
      return { address, account, hidden: false };
    });
  },

  'account:add-member': async (args: CliArgs) => {
    args.allowOnly('account', 'address');
    const [account, address] = [args.required('account'), args.required('address')];
    return withServices(async ({ deployments }) => {
      await deployments.addAccountMember(account, address);
      return { account, address };
    });
  },

  'deployment:create': async (args: CliArgs) => {
    args.allowOnly('account', 'chain', 'address', 'version', 'approvers', 'threshold', 'nonce', 'status');
    const command = {
      accountId: args.required('account'),
      chainId: args.required('chain'),
      // The account's contract; only an account created before accounts owned one needs these.
      address: args.optional('address'),
      smartContractVersionId: args.optional('version'),
      // Default: the account's initial approvers and threshold.
      approvers: args.optional('approvers') === undefined ? undefined : args.list('approvers'),
      threshold: args.optional('threshold') === undefined ? undefined : args.integer('threshold'),
      nonce: args.optional('nonce'),
      // Checked against the status list by the Deployment aggregate.
      status: args.optional('status') as DeploymentStatus | undefined,
    };
    if (command.status !== undefined) {
      return withServices(async ({ deployments }) => ({
        ...(await deployments.createDeployment(command)),
        statusFrom: '--status',
      }));
    }
    // No --status: ask the chain (eth_getCode at the wallet's address) when an RPC URL is
    // configured for it, else not_deployed: a wallet is never shown live on a guess.
    return withApplication(async (app) => {
      const rpcUrl = app.get<AppConfig>(APP_CONFIG).indexer.chains.find((c) => c.chainId === command.chainId)?.rpcUrl;
      const { id, status } = await app.get(DeploymentsService).createDeployment({
        ...command,
        statusOnChain:
          rpcUrl === undefined ? () => Promise.resolve('not_deployed') : (hex20) => codeStatus(rpcUrl, hex20),
      });
      return {
        id,
        status,
        statusFrom:
          rpcUrl === undefined
            ? `default: no RPC URL for chain ${command.chainId} (RPC_URL_${command.chainId}); --status deployed once the wallet is on chain`
            : 'eth_getCode at the wallet address',
      };
    });
  },
} satisfies Record<string, (args: CliArgs) => Promise<object>>;

/** `deployed` when the chain has code at the address, `not_deployed` when it has none. */
async function codeStatus(rpcUrl: string, hex20: `0x${string}`): Promise<DeploymentStatus> {
  const { createPublicClient, http } = await import('viem');
  let code: string | undefined;
  try {
    code = await createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }) }).getCode({
      address: hex20,
    });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new Error(`eth_getCode failed (${reason}); pass --status to say where the wallet stands`);
  }
  return code === undefined || /^0x0*$/.test(code) ? 'not_deployed' : 'deployed';
}
