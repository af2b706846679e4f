import type { MembersService } from '../modules/auth/application/members.service';
import type { DeploymentsService } from '../modules/deployments/application/deployments.service';
import type { DeploymentStatus } from '../modules/deployments/domain/deployment-status';
import { CliArgs } from './cli-args';

interface Services {
  readonly members: MembersService;
  readonly deployments: DeploymentsService;
}

/**
 * Runs `work` against the application's services: on DATABASE_URL, or on the embedded PostgreSQL
 * as `npm start` would use it. Logs stay silent: stdout carries the command's JSON only. The
 * application is loaded here, on demand, so a misused command answers without booting it.
 */
async function withServices<T>(work: (services: Services) => Promise<T>): Promise<T> {
  const [{ NestFactory }, { AppModule }, { loadConfig }, { openDatabase }, { createLogger }, members, deployments] =
    await Promise.all([
      import('@nestjs/core'),
      import('../app.module'),
      import('../config/app-config'),
      import('../database/database-runtime'),
      import('../shared/logging/logger'),
      import('../modules/auth/application/members.service'),
      import('../modules/deployments/application/deployments.service'),
    ]);
  const config = loadConfig();
  const logger = createLogger('silent');
  const database = await openDatabase(config, logger);
  try {
    const app = await NestFactory.createApplicationContext(
      AppModule.forRoot({ ...config, databaseUrl: database.url }, logger),
      {
        logger: false,
      },
    );
    try {
      return await work({
        members: app.get(members.MembersService),
        deployments: app.get(deployments.DeploymentsService),
      });
    } finally {
      await app.close();
    }
  } finally {
    await database.stop();
  }
}

/** Members, their credentials and hidden currencies; accounts; deployments (SPEC §11). */
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
    args.allowOnly('name', 'members');
    const [name, members] = [args.required('name'), args.list('members')];
    return withServices(({ deployments }) => deployments.createAccount(name, members));
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
      address: args.required('address'),
      smartContractVersionId: args.required('version'),
      approvers: args.list('approvers'),
      threshold: args.integer('threshold'),
      nonce: args.optional('nonce'),
      // Checked against the status list by the Deployment aggregate.
      status: args.optional('status') as DeploymentStatus | undefined,
    };
    return withServices(({ deployments }) => deployments.createDeployment(command));
  },
} satisfies Record<string, (args: CliArgs) => Promise<object>>;
