import type { Caller } from '../../auth/domain/caller';
import type { AuditActor } from '../domain/audit-event';

/**
 * The actor of a change made by an authenticated caller, as the access layer saw it come in: an
 * API key (`API_KEY`), a token-service bearer token (`TOKEN`), a wallet session (`SESSION`), with
 * the scoped key used, if any (directly or behind a token).
 */
export function auditActorOf(caller: Caller): AuditActor {
  return { address: caller.address, via: caller.via, keyId: caller.keyId };
}

/**
 * The actor of a command run on the server's shell. The service cannot know who typed it: the
 * entry names the member the command was run for, and `CLI` says where it came from.
 */
export function cliActor(memberAddress: string): AuditActor {
  return { address: memberAddress, via: 'CLI', keyId: null };
}
