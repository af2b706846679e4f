/** A mistake in how the command was called (exit status 2), as opposed to a refused request (1). */
export class CliUsageError extends Error {}

/**
 * What follows the command name: positional arguments first (`chain:ingest FILE`), then
 * `--flag value` pairs. Every flag is single-valued; lists are comma-separated.
 */
export class CliArgs {
  private constructor(
    private readonly flags: ReadonlyMap<string, string>,
    private readonly positionals: readonly string[],
  ) {}

  static parse(argv: readonly string[]): CliArgs {
    const firstFlag = argv.findIndex((token) => token.startsWith('--'));
    const positionals = firstFlag === -1 ? [...argv] : argv.slice(0, firstFlag);
    const rest = firstFlag === -1 ? [] : argv.slice(firstFlag);
    const flags = new Map<string, string>();
    for (let index = 0; index < rest.length; index += 2) {
      const flag = rest[index];
      const value = rest[index + 1];
      if (!/^--[a-z][a-z-]*$/.test(flag))
        throw new CliUsageError(`unexpected argument "${flag}" (flags are --name value)`);
      if (value === undefined || value.startsWith('--')) throw new CliUsageError(`${flag} needs a value`);
      if (flags.has(flag.slice(2))) throw new CliUsageError(`${flag} given twice`);
      flags.set(flag.slice(2), value);
    }
    return new CliArgs(flags, positionals);
  }

  /** The command's positional arguments, exactly `names.length` of them. */
  positional(...names: string[]): string[] {
    if (this.positionals.length !== names.length) {
      throw new CliUsageError(`expected ${names.length === 0 ? 'no arguments' : names.join(' ')} before the flags`);
    }
    return [...this.positionals];
  }

  /** Refuses flags the command does not know, so a typo never passes silently. */
  allowOnly(...names: string[]): this {
    if (this.positionals.length > 0) throw new CliUsageError(`unexpected argument "${this.positionals[0]}"`);
    const unknown = [...this.flags.keys()].filter((name) => !names.includes(name));
    if (unknown.length > 0)
      throw new CliUsageError(`unknown flag --${unknown[0]} (allowed: ${names.map((name) => `--${name}`).join(' ')})`);
    return this;
  }

  required(name: string): string {
    const value = this.flags.get(name);
    if (value === undefined || value.trim() === '') throw new CliUsageError(`--${name} is required`);
    return value.trim();
  }

  optional(name: string): string | undefined {
    return this.flags.has(name) ? this.required(name) : undefined;
  }

  list(name: string): string[] {
    return this.required(name)
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }

  integer(name: string): number {
    const value = this.required(name);
    if (!/^\d{1,9}$/.test(value)) throw new CliUsageError(`--${name} must be a non-negative integer`);
    return Number(value);
  }
}
