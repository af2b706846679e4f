import { MembersService } from '../modules/auth/application/members.service';
import { DeploymentsService } from '../modules/deployments/application/deployments.service';
import type { DeploymentStatus } from '../modules/deployments/domain/deployment-status';
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
    return withServices(({ deployments }) => deployments.createDeployment(command));
  },
} satisfies Record<string, (args: CliArgs) => Promise<object>>;
