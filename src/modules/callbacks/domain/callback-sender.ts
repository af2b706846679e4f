import type { AttemptOutcome } from './callback-status';

export interface SendOptions {
  readonly allowPrivate: boolean;
  readonly timeoutMs: number;
}

/** Delivers one signed callback body to a receiver and says how the attempt went. */
export abstract class CallbackSender {
  abstract send(
    url: string,
    headers: Record<string, string>,
    body: string,
    options: SendOptions,
  ): Promise<AttemptOutcome>;
}
