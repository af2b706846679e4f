import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { CliArgs, CliUsageError } from '../../src/cli/cli-args';
import { COMMAND_HELP } from '../../src/cli/cli-help';
import { allCommandNames, loadCommand } from '../../src/cli/main';

/** `--help` of the built CLI, overall and per command, checked against what each command accepts. */
const root = join(__dirname, '..', '..');
const CLI = join(root, 'dist', 'src', 'cli', 'main.js');

function cli(...args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
  });
}

/** The flags a command accepts, from its own refusal of an unknown flag. */
async function acceptedFlags(name: string): Promise<string[]> {
  const command = (await loadCommand(name))!;
  const positionals = COMMAND_HELP[name].args === undefined ? [] : ['x'];
  try {
    await command(CliArgs.parse([...positionals, '--no-such-flag', 'x']));
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    const allowed = /\(allowed: ?(.*)\)$/.exec(error.message);
    if (allowed === null) return [];
    return allowed[1]
      .split(' ')
      .filter((flag) => flag !== '')
      .map((flag) => flag.replace(/^--/, ''));
  }
  throw new Error(`${name} accepted an unknown flag`);
}

describe('CLI --help', () => {
  it('lists every command with what it does', () => {
    const result = cli('--help');
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    for (const [name, help] of Object.entries(COMMAND_HELP)) {
      expect(result.stdout).toMatch(
        new RegExp(`^  ${name} +${help.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'),
      );
    }
  });

  it('answers a bare call with the same list on stderr, exit status 2', () => {
    const result = cli();
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('commands:');
  });

  it.each(Object.keys(COMMAND_HELP))('%s --help lists each of its flags', async (name) => {
    const result = cli(name, '--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^usage: npm run cli -- ${name}`));
    const documented = Object.keys(COMMAND_HELP[name].flags).sort();
    for (const flag of documented) expect(result.stdout).toMatch(new RegExp(`^  --${flag} +\\S`, 'm'));
    expect(documented).toEqual((await acceptedFlags(name)).sort());
  });

  it('has help for exactly the commands there are', async () => {
    expect((await allCommandNames()).sort()).toEqual(Object.keys(COMMAND_HELP).sort());
    for (const name of Object.keys(COMMAND_HELP)) expect(await loadCommand(name)).toBeDefined();
    expect(await loadCommand('member:delete')).toBeUndefined();
  });
});
