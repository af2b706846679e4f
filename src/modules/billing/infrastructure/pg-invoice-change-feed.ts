import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig, sessionDatabaseUrl } from '../../../config/app-config';
import { LOGGER } from '../../../shared/logging/logging.module';
import { InvoiceChangeFeed } from '../domain/invoice-change-feed';

/** The channel `TypeOrmInvoiceRepository` notifies, with the invoice id as payload, when it saves one. */
export const INVOICE_CHANGED_CHANNEL = 'invoice_changed';

const RECONNECT_DELAY_MS = 1_000;

/**
 * PostgreSQL LISTEN/NOTIFY. The notification is sent inside the transaction that saved the invoice,
 * so PostgreSQL delivers it on commit only, to every instance listening on the same database: no
 * second system to run, and no notice of a change that rolled back. One connection per instance,
 * opened when the first watcher arrives; when it drops, it is opened again and every watcher is
 * told to read again, since notifications sent meanwhile are lost.
 */
@Injectable()
export class PgInvoiceChangeFeed extends InvoiceChangeFeed implements OnModuleDestroy {
  private readonly watchers = new Map<string, Set<() => void>>();
  private listening: Promise<Client> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & { databaseUrl?: string },
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  async follow(invoiceId: string, changed: () => void): Promise<() => void> {
    await this.connection();
    let set = this.watchers.get(invoiceId);
    if (set === undefined) this.watchers.set(invoiceId, (set = new Set()));
    set.add(changed);
    return () => {
      set.delete(changed);
      if (set.size === 0 && this.watchers.get(invoiceId) === set) this.watchers.delete(invoiceId);
    };
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = await this.listening?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }

  private connection(): Promise<Client> {
    this.listening ??= this.listen().catch((error: unknown) => {
      this.listening = undefined;
      throw error;
    });
    return this.listening;
  }

  private async listen(): Promise<Client> {
    const databaseUrl = this.config.databaseUrl;
    if (databaseUrl == null) throw new Error('the invoice change feed needs the database URL');
    // LISTEN holds for a session: a transaction pooler would give the notifications to whichever
    // client has that server connection next.
    const client = new Client({
      connectionString: sessionDatabaseUrl({ ...this.config, databaseUrl }),
      application_name: 'invoice-change-feed',
    });
    client.on('error', (error: Error) => this.lost(client, error.message));
    client.on('end', () => this.lost(client, 'connection closed'));
    client.on('notification', (message) => {
      if (message.channel === INVOICE_CHANGED_CHANNEL && message.payload !== undefined) this.tell(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${INVOICE_CHANGED_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  private tell(invoiceId: string): void {
    for (const changed of [...(this.watchers.get(invoiceId) ?? [])]) changed();
  }

  private lost(client: Client, reason: string): void {
    if (this.closed) return;
    void this.listening?.then(
      (current) => {
        if (current !== client) return;
        this.logger.warn({ reason }, 'invoice change feed lost its connection; reconnecting');
        this.listening = undefined;
        this.reconnect();
      },
      () => undefined,
    );
  }

  private reconnect(): void {
    if (this.closed || this.watchers.size === 0) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.connection().then(
        () => {
          for (const invoiceId of [...this.watchers.keys()]) this.tell(invoiceId);
        },
        () => this.reconnect(),
      );
    }, RECONNECT_DELAY_MS);
  }
}
