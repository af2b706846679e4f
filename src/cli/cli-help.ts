/**
 * What `--help` prints: every command, what it does, its arguments and each of its flags. Kept
 * apart from the commands so help loads nothing else; test/e2e/cli-help.e2e-spec.ts checks that
 * each command's flags here are exactly those the command accepts.
 */
export interface CommandHelp {
  readonly summary: string;
  /** Positional arguments, as written in the usage line (`FILE`). */
  readonly args?: string;
  /** Flag name (without `--`) → what it sets; `required` flags are marked in the usage line. */
  readonly flags: Readonly<Record<string, { readonly description: string; readonly required?: boolean }>>;
  /** Environment variables the command reads besides the service's configuration. */
  readonly env?: string;
}

const ADDRESS = { description: "the member's wallet address (EVM 0x… or Tron T…)", required: true };

export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  'member:create': {
    summary: 'create a member and print its API key and secret (shown once)',
    flags: { address: ADDRESS },
  },
  'member:regenerate-credentials': {
    summary: "replace a member's API key and secret (the old ones stop working)",
    flags: { address: ADDRESS },
  },
  'member:hide-currency': {
    summary: 'hide a currency from what the member sees through access tokens',
    flags: { address: ADDRESS, currency: { description: 'the catalog currency id', required: true } },
  },
  'member:show-currency': {
    summary: 'show a hidden currency again',
    flags: { address: ADDRESS, currency: { description: 'the catalog currency id', required: true } },
  },
  'member:hide-account': {
    summary: "hide an account from the member's account list",
    flags: { address: ADDRESS, account: { description: 'the account id (UUID)', required: true } },
  },
  'member:show-account': {
    summary: 'show a hidden account again',
    flags: { address: ADDRESS, account: { description: 'the account id (UUID)', required: true } },
  },
  'account:create': {
    summary: 'create an account (its members, approvers and threshold)',
    flags: {
      name: { description: 'display name', required: true },
      members: {
        description:
          'comma-separated member addresses, each optionally ADDRESS:ROLE (ADMIN, OPERATOR, VIEWER; default ADMIN)',
        required: true,
      },
      threshold: { description: 'approvals an operation needs', required: true },
      approvers: { description: 'comma-separated approver addresses (default: every member)' },
      version: { description: 'smart contract version id (default 1.2.0-evm)' },
      address: { description: "the account's contract address (default: from CHAIN_CONTRACTS' factory)" },
    },
  },
  'account:add-member': {
    summary: 'add a member to an account',
    flags: { account: { description: 'the account id (UUID)', required: true }, address: ADDRESS },
  },
  'deployment:create': {
    summary: 'create a deployment of an account on a chain',
    flags: {
      account: { description: 'the account id (UUID)', required: true },
      chain: { description: 'chain id of a catalog network (1, 56, 728126428…)', required: true },
      address: { description: "the wallet's address, for an account created without one" },
      version: { description: 'smart contract version id (default: the account’s)' },
      approvers: { description: "comma-separated approvers (default: the account's)" },
      threshold: { description: "approvals needed (default: the account's)" },
      nonce: { description: 'the first nonce (default 0)' },
      status: {
        description:
          "deployment status (default: the chain's answer to eth_getCode when RPC_URL_<chain> is set, else not_deployed)",
      },
    },
  },
  'chain:ingest': {
    summary: 'apply chain events from a JSON file ({"events":[…]}), as POST /internal/v1/chain-events does',
    args: 'FILE',
    flags: {},
  },
  'contracts:deploy': {
    summary: 'deploy the wallet factory and implementations to a chain; prints its CHAIN_CONTRACTS entry',
    flags: {
      'rpc-url': { description: "the chain's JSON-RPC URL", required: true },
      via: { description: 'deterministic (default where the chain has the deployer) or create' },
    },
    env: 'DEPLOYER_PRIVATE_KEY (the deployer account, hex)',
  },
  'migration:run': { summary: 'apply pending migrations', flags: {} },
  'migration:revert': { summary: 'revert the last applied migration', flags: {} },
  'migration:generate': {
    summary: 'write a migration for what the entities describe and the schema lacks',
    flags: { name: { description: 'PascalCase name, e.g. AddPayoutIndexes', required: true } },
  },
  'openapi:write': {
    summary: 'write the OpenAPI document',
    flags: { file: { description: 'where to write it (default openapi.json)' } },
  },
};

function usage(name: string, help: CommandHelp): string {
  const flags = Object.entries(help.flags).map(([flag, { required }]) =>
    required ? `--${flag} <value>` : `[--${flag} <value>]`,
  );
  return ['npm run cli --', name, ...(help.args === undefined ? [] : [help.args]), ...flags].join(' ');
}

export function overallHelp(): string {
  const width = Math.max(...Object.keys(COMMAND_HELP).map((name) => name.length));
  return [
    'usage: npm run cli -- <command> [--flag value …]',
    '       npm run cli -- <command> --help   (the command’s flags)',
    '',
    'Each command prints one JSON object on stdout and exits 0, or one line on stderr and exits',
    '1 (refused) or 2 (misused). It works on DATABASE_URL, or on the embedded PostgreSQL under',
    'DATA_DIR (the one `npm start` runs, when it runs).',
    '',
    'commands:',
    ...Object.entries(COMMAND_HELP).map(([name, help]) => `  ${name.padEnd(width)}  ${help.summary}`),
    '',
  ].join('\n');
}

export function commandHelp(name: string): string {
  const help = COMMAND_HELP[name];
  const flags = Object.entries(help.flags);
  const width = Math.max(0, ...flags.map(([flag]) => flag.length + 2));
  return [
    `usage: ${usage(name, help)}`,
    '',
    help.summary,
    ...(flags.length === 0 ? [] : ['', 'flags:']),
    ...flags.map(
      ([flag, { description, required }]) =>
        `  ${`--${flag}`.padEnd(width)}  ${description}${required ? ' (required)' : ''}`,
    ),
    ...(help.env === undefined ? [] : ['', `environment: ${help.env}`]),
    '',
  ].join('\n');
}
