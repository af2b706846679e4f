import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, del, get, patch, post, put } from '../api/client';
import type { AddressBookEntry, ApiKey, ApiKeyCreated, Currency, Member, PayoutPolicy, Role } from '../api/types';
import { CopyButton, ErrorNote, Loading, Section } from '../components/ui';
import { useAccountDetails, useNetworks, useRole } from '../context';
import { useI18n } from '../i18n/i18n';
import { roleAllows } from '../session';
import { actionErrorText } from './operation-actions';

const ROLES: Role[] = ['ADMIN', 'OPERATOR', 'VIEWER'];
const SCOPES = ['read', 'invoices:write', 'payouts:write', 'operations:write', 'settings:write'];

/** A mutation whose outcome is shown under the form that started it. */
function useAction<A, R>(run: (arg: A) => Promise<R>, keys: readonly unknown[][]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

function Outcome({ mutation }: { mutation: { error: unknown; isSuccess: boolean } }) {
  const { t } = useI18n();
  if (mutation.error)
    return (
      <p className="note note-error" role="alert">
        {actionErrorText(mutation.error, t)}
      </p>
    );
  return mutation.isSuccess ? (
    <p className="note note-ok" role="status">
      {t('settings.saved')}
    </p>
  ) : null;
}

function Members({ accountId, admin }: { accountId: string; admin: boolean }) {
  const { t } = useI18n();
  const path = `/api/v1/accounts/${accountId}/members`;
  const members = useQuery({ queryKey: ['members', accountId], queryFn: () => get<Member[]>(path) });
  const networks = useNetworks().data ?? [];
  const networkName = (chainId: string | number) =>
    networks.find((n) => String(n.chainId) === String(chainId))?.name ?? String(chainId);
  const [address, setAddress] = useState('');
  const [role, setRole] = useState<Role>('VIEWER');
  const add = useAction(() => post(path, { address: address.trim(), role }), [['members', accountId]]);
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (m: { address: string; role: Role }) => patch(`${path}/${m.address}`, { role: m.role }),
    // The select shows the chosen role at once, not the old one until the list is read again; a
    // refusal puts the service's role back when the list is read after it.
    onMutate: (m) =>
      client.setQueryData<Member[]>(['members', accountId], (list) =>
        list?.map((member) => (member.address === m.address ? { ...member, role: m.role } : member)),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['members', accountId] }),
  });
  const remove = useAction((a: string) => del(`${path}/${a}`), [['members', accountId]]);
  return (
    <Section title={t('settings.members')}>
      {members.error ? <ErrorNote error={members.error} /> : null}
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('settings.address')}</th>
              <th scope="col">{t('settings.role')}</th>
              {/* The controls beside the role, before the approver networks: in view on a phone. */}
              {admin ? <th scope="col" /> : null}
              <th scope="col">{t('settings.approverOn')}</th>
            </tr>
          </thead>
          <tbody>
            {(members.data ?? []).map((m) => (
              <tr key={m.address}>
                <td className="mono break">{m.address}</td>
                <td>
                  {admin ? (
                    <select
                      aria-label={`${t('settings.role')} ${m.address}`}
                      value={m.role}
                      onChange={(e) => change.mutate({ address: m.address, role: e.target.value as Role })}
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`role.${r}`)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    t(`role.${m.role}`)
                  )}
                </td>
                {admin ? (
                  <td>
                    <button
                      type="button"
                      className="button button-small button-danger"
                      aria-label={`${t('settings.remove')} ${m.address}`}
                      onClick={() => {
                        // Removing a person takes their access at once: asked first, as deleting an operation is.
                        if (window.confirm(t('settings.confirmRemoveMember', { address: m.address }))) {
                          remove.mutate(m.address);
                        }
                      }}
                    >
                      {t('settings.remove')}
                    </button>
                  </td>
                ) : null}
                <td>{m.approverOn.map(networkName).join(', ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {admin ? (
        <form
          className="form inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(undefined);
          }}
        >
          <label className="field">
            <span>{t('settings.address')}</span>
            <input
              className="mono"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              required
              spellCheck={false}
            />
          </label>
          <label className="field">
            <span>{t('settings.role')}</span>
            <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`role.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button-primary">
            {t('settings.addMember')}
          </button>
        </form>
      ) : null}
      <Outcome mutation={add} />
      {change.error || remove.error ? <Outcome mutation={change.error ? change : remove} /> : null}
    </Section>
  );
}

function ApiKeys({ accountId, role }: { accountId: string; role: Role }) {
  const { t, formatDate } = useI18n();
  const path = `/api/v1/accounts/${accountId}/api-keys`;
  const keys = useQuery({ queryKey: ['api-keys', accountId], queryFn: () => get<ApiKey[]>(path) });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['read']);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const create = useAction(() => post<ApiKeyCreated>(path, { name, scopes }), [['api-keys', accountId]]);
  const revoke = useAction((id: string) => del(`${path}/${id}`), [['api-keys', accountId]]);
  const allowed = role === 'VIEWER' ? ['read'] : SCOPES;
  return (
    <Section title={t('settings.apiKeys')}>
      {created ? (
        <div className="note note-warn" role="status">
          <p>
            <strong>{t('settings.keyShownOnce')}</strong>
          </p>
          <dl className="kv mono">
            <dt>{t('settings.apiKey')}</dt>
            <dd className="break" data-testid="api-key">
              {created.apiKey} <CopyButton text={created.apiKey} label={t('settings.apiKey')} />
            </dd>
            <dt>{t('settings.apiSecret')}</dt>
            <dd className="break" data-testid="api-secret">
              {created.apiSecret} <CopyButton text={created.apiSecret} label={t('settings.apiSecret')} />
            </dd>
          </dl>
        </div>
      ) : null}
      {keys.data?.length === 0 ? <p className="muted">{t('settings.noKeys')}</p> : null}
      <div className="table-wrap" hidden={!keys.data?.length}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('settings.keyName')}</th>
              <th scope="col">{t('settings.scopes')}</th>
              <th scope="col">{t('settings.lastUsed')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {(keys.data ?? []).map((k) => (
              <tr key={k.id}>
                <td>
                  {k.name} <span className="mono muted small">{k.keyPrefix}…</span>
                </td>
                <td>{k.scopes.join(', ')}</td>
                <td>{k.lastUsedAt ? formatDate(k.lastUsedAt) : t('settings.never')}</td>
                <td>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    aria-label={`${t('settings.revoke')} ${k.name}`}
                    onClick={() => revoke.mutate(k.id)}
                  >
                    {t('settings.revoke')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          setCreated(null);
          create.mutate(undefined, { onSuccess: (key) => setCreated(key) });
        }}
      >
        <label className="field">
          <span>{t('settings.keyName')}</span>
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={64} />
        </label>
        <fieldset className="field">
          <legend>{t('settings.scopes')}</legend>
          {allowed.map((scope) => (
            <label key={scope} className="check">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => setScopes(e.target.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
              />{' '}
              {scope}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary">
          {t('settings.createKey')}
        </button>
      </form>
      {create.error ? <Outcome mutation={create} /> : null}
      {revoke.error ? <Outcome mutation={revoke} /> : null}
    </Section>
  );
}

function Callbacks({ accountId }: { accountId: string }) {
  const { t } = useI18n();
  const path = `/api/v1/accounts/${accountId}/callback-settings`;
  const settings = useQuery({
    queryKey: ['callback-settings', accountId],
    queryFn: () => get<{ operationsCallbackUrl: string | null }>(path),
  });
  const [url, setUrl] = useState('');
  useEffect(() => setUrl(settings.data?.operationsCallbackUrl ?? ''), [settings.data]);
  const save = useAction(
    () => put(path, { operationsCallbackUrl: url.trim() || null }),
    [['callback-settings', accountId]],
  );
  const rotate = useAction(() => post<{ secret: string }>(`/api/v1/accounts/${accountId}/callback-secret`), []);
  if (settings.error) {
    return (
      <Section title={t('settings.callbacks')}>
        <ErrorNote error={settings.error} />
      </Section>
    );
  }
  // The form waits for the saved URL: one typed before it arrived would be overwritten by it.
  if (!settings.data) return <Loading />;
  return (
    <Section title={t('settings.callbacks')}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(undefined);
        }}
      >
        <label className="field">
          <span>{t('settings.operationsCallbackUrl')}</span>
          <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} />
        </label>
        <button type="submit" className="button button-primary">
          {t('action.save')}
        </button>
        <button type="button" className="button" onClick={() => rotate.mutate(undefined)}>
          {t('settings.rotateSecret')}
        </button>
      </form>
      <Outcome mutation={save} />
      {rotate.error ? <Outcome mutation={rotate} /> : null}
      {rotate.data ? (
        <div className="note note-warn" role="status">
          <p>
            <strong>{t('settings.secretShownOnce')}</strong>
          </p>
          <p className="mono break">
            <span data-testid="callback-secret">{rotate.data.secret}</span>{' '}
            <CopyButton text={rotate.data.secret} label={t('settings.callbackSecret')} />
          </p>
        </div>
      ) : null}
    </Section>
  );
}

interface NotificationSettings {
  email: string | null;
  slackWebhookUrl: string | null;
  telegramChatId: string | null;
  events: string[];
  availableChannels?: string[];
}
const EVENTS = ['SIGNATURE_NEEDED', 'READY_TO_EXECUTE', 'EXECUTED', 'FAILED', 'DAILY_DIGEST'] as const;

function Notifications({ accountId }: { accountId: string }) {
  const { t } = useI18n();
  const path = `/api/v1/accounts/${accountId}/notification-settings`;
  const settings = useQuery({ queryKey: ['notifications', accountId], queryFn: () => get<NotificationSettings>(path) });
  const [form, setForm] = useState<NotificationSettings>({
    email: null,
    slackWebhookUrl: null,
    telegramChatId: null,
    events: [],
  });
  useEffect(() => {
    if (settings.data) setForm(settings.data);
  }, [settings.data]);
  const save = useAction(
    () =>
      put(path, {
        email: form.email || null,
        // GET masks the Slack URL; sending the mask back would overwrite it.
        ...(form.slackWebhookUrl !== settings.data?.slackWebhookUrl
          ? { slackWebhookUrl: form.slackWebhookUrl || null }
          : {}),
        telegramChatId: form.telegramChatId || null,
        events: form.events,
      }),
    [['notifications', accountId]],
  );
  if (settings.error instanceof ApiError && settings.error.status === 404) {
    // Approver notifications are optional on a service; without them the section says so.
    return (
      <Section title={t('settings.notifications')}>
        <p className="muted">{t('settings.notificationsUnavailable')}</p>
      </Section>
    );
  }
  if (settings.error) {
    return (
      <Section title={t('settings.notifications')}>
        <ErrorNote error={settings.error} />
      </Section>
    );
  }
  if (!settings.data) return <Loading />;
  return (
    <Section title={t('settings.notifications')}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(undefined);
        }}
      >
        <label className="field">
          <span>{t('settings.email')}</span>
          <input type="email" value={form.email ?? ''} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </label>
        <label className="field">
          <span>{t('settings.slack')}</span>
          <input
            type="url"
            value={form.slackWebhookUrl ?? ''}
            onChange={(e) => setForm({ ...form, slackWebhookUrl: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('settings.telegram')}</span>
          <input
            value={form.telegramChatId ?? ''}
            onChange={(e) => setForm({ ...form, telegramChatId: e.target.value })}
          />
        </label>
        <fieldset className="field">
          <legend>{t('settings.events')}</legend>
          {EVENTS.map((event) => (
            <label key={event} className="check">
              <input
                type="checkbox"
                checked={form.events.includes(event)}
                onChange={(e) =>
                  setForm({
                    ...form,
                    events: e.target.checked ? [...form.events, event] : form.events.filter((x) => x !== event),
                  })
                }
              />{' '}
              {t(`settings.event.${event}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary">
          {t('action.save')}
        </button>
      </form>
      <Outcome mutation={save} />
    </Section>
  );
}

/** Every currency of the account's networks, for the limits editor (scam tokens left out). */
function useAccountCurrencies(accountId: string): Currency[] {
  const chainIds = (useAccountDetails(accountId).data?.deployments ?? []).map((d) => String(d.chainId));
  const results = useQueries({
    queries: [...new Set(chainIds)].map((chainId) => ({
      queryKey: ['currencies', Number(chainId)],
      queryFn: () => get<Currency[]>('/api/v1/public/currencies', { chainId, isScam: false }),
      staleTime: 10 * 60_000,
    })),
  });
  return results.flatMap((r) => r.data ?? []);
}

type Limit = PayoutPolicy['limits'][number];

/** A limit as typed: empty is "no limit"; a Russian decimal comma is read as the point the API takes. */
function limitValue(text: string): string | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : trimmed;
}

function Limits({
  limits,
  currencies,
  admin,
  onChange,
}: {
  limits: Limit[];
  currencies: Currency[];
  admin: boolean;
  onChange: (limits: Limit[]) => void;
}) {
  const { t } = useI18n();
  const [adding, setAdding] = useState('');
  const nameOf = (id: string) => {
    const currency = currencies.find((c) => c.id === id);
    return currency ? `${currency.symbol} · ${currency.name}` : id;
  };
  const free = currencies.filter((c) => !limits.some((l) => l.currencyId === c.id));
  const update = (index: number, patchTo: Partial<Limit>) =>
    onChange(limits.map((l, i) => (i === index ? { ...l, ...patchTo } : l)));
  return (
    <fieldset className="field limits">
      <legend>{t('settings.limits')}</legend>
      <p className="muted small">{t('settings.limitsLead')}</p>
      {limits.length === 0 ? <p className="muted">{t('settings.noLimits')}</p> : null}
      {limits.map((limit, index) => (
        <div key={limit.currencyId} className="limit-row" role="group" aria-label={nameOf(limit.currencyId)}>
          <strong className="limit-currency">{nameOf(limit.currencyId)}</strong>
          <label className="field">
            <span>{t('settings.maxPerPayout')}</span>
            <input
              inputMode="decimal"
              disabled={!admin}
              value={limit.maxPerPayout ?? ''}
              onChange={(e) => update(index, { maxPerPayout: limitValue(e.target.value) })}
            />
          </label>
          <label className="field">
            <span>{t('settings.maxPer24h')}</span>
            <input
              inputMode="decimal"
              disabled={!admin}
              value={limit.maxPer24h ?? ''}
              onChange={(e) => update(index, { maxPer24h: limitValue(e.target.value) })}
            />
          </label>
          {admin ? (
            <button
              type="button"
              className="button button-small"
              aria-label={`${t('settings.removeLimit')} ${nameOf(limit.currencyId)}`}
              onClick={() => onChange(limits.filter((_, i) => i !== index))}
            >
              {t('settings.removeLimit')}
            </button>
          ) : null}
        </div>
      ))}
      {admin && free.length > 0 ? (
        <div className="inline-form">
          <label className="field">
            <span>{t('settings.currency')}</span>
            <select value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">—</option>
              {free.map((c) => (
                <option key={c.id} value={c.id}>
                  {nameOf(c.id)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button"
            disabled={adding === ''}
            onClick={() => {
              onChange([...limits, { currencyId: adding, maxPerPayout: null, maxPer24h: null }]);
              setAdding('');
            }}
          >
            {t('settings.addLimit')}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}

function Policy({ accountId, admin }: { accountId: string; admin: boolean }) {
  const { t } = useI18n();
  const path = `/api/v1/accounts/${accountId}/payout-policy`;
  const policy = useQuery({ queryKey: ['policy', accountId], queryFn: () => get<PayoutPolicy>(path) });
  const currencies = useAccountCurrencies(accountId);
  const [form, setForm] = useState<PayoutPolicy | null>(null);
  useEffect(() => {
    if (policy.data) setForm(policy.data);
  }, [policy.data]);
  const save = useAction(() => put(path, form), [['policy', accountId]]);
  if (policy.error) return <Section title={t('settings.policy')}>{<ErrorNote error={policy.error} />}</Section>;
  if (!form) return <Loading />;
  return (
    <Section title={t('settings.policy')}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(undefined);
        }}
      >
        <label className="check">
          <input
            type="checkbox"
            disabled={!admin}
            checked={form.addressBookOnly}
            onChange={(e) => setForm({ ...form, addressBookOnly: e.target.checked })}
          />{' '}
          {t('settings.addressBookOnly')}
        </label>
        <label className="check">
          <input
            type="checkbox"
            disabled={!admin}
            checked={form.blockLookalikes}
            onChange={(e) => setForm({ ...form, blockLookalikes: e.target.checked })}
          />{' '}
          {t('settings.blockLookalikes')}
        </label>
        <label className="field">
          <span>{t('settings.newPayeeDelay')}</span>
          <input
            type="number"
            min={0}
            max={720}
            disabled={!admin}
            value={form.newPayeeDelayHours}
            onChange={(e) => setForm({ ...form, newPayeeDelayHours: Number(e.target.value) })}
          />
        </label>
        <Limits
          limits={form.limits}
          currencies={currencies}
          admin={admin}
          onChange={(limits) => setForm({ ...form, limits })}
        />
        {admin ? (
          <button type="submit" className="button button-primary">
            {t('action.save')}
          </button>
        ) : null}
      </form>
      <Outcome mutation={save} />
    </Section>
  );
}

function AddressBook({ accountId, role }: { accountId: string; role: Role }) {
  const { t } = useI18n();
  const path = `/api/v1/accounts/${accountId}/address-book`;
  const book = useQuery({ queryKey: ['address-book', accountId], queryFn: () => get<AddressBookEntry[]>(path) });
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const add = useAction(
    () => post(path, { address: address.trim(), label, networkType: address.trim().startsWith('T') ? 'tvm' : 'evm' }),
    [['address-book', accountId]],
  );
  const approve = useAction((id: string) => post(`${path}/${id}/approve`), [['address-book', accountId]]);
  const remove = useAction((id: string) => del(`${path}/${id}`), [['address-book', accountId]]);
  const admin = role === 'ADMIN';
  return (
    <Section title={t('settings.addressBook')}>
      {book.error ? <ErrorNote error={book.error} /> : null}
      {book.data?.length === 0 ? <p className="muted">{t('settings.noEntries')}</p> : null}
      <div className="table-wrap" hidden={!book.data?.length}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('settings.label')}</th>
              <th scope="col">{t('settings.address')}</th>
              <th scope="col">{t('table.status')}</th>
              {admin ? <th scope="col" /> : null}
            </tr>
          </thead>
          <tbody>
            {(book.data ?? []).map((e) => (
              <tr key={e.id}>
                <td>{e.label}</td>
                <td className="mono break">{e.address}</td>
                <td>{t(`settings.entry.${e.status}`)}</td>
                {admin ? (
                  <td>
                    {e.status === 'PENDING' ? (
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`${t('settings.approve')} ${e.label}`}
                        onClick={() => approve.mutate(e.id)}
                      >
                        {t('settings.approve')}
                      </button>
                    ) : null}{' '}
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`${t('settings.remove')} ${e.label}`}
                      onClick={() => remove.mutate(e.id)}
                    >
                      {t('settings.remove')}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {roleAllows(role, 'OPERATOR') ? (
        <form
          className="form inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(undefined);
          }}
        >
          <label className="field">
            <span>{t('settings.label')}</span>
            <input value={label} onChange={(e) => setLabel(e.target.value)} required />
          </label>
          <label className="field">
            <span>{t('settings.address')}</span>
            <input
              className="mono"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              required
              spellCheck={false}
            />
          </label>
          <button type="submit" className="button button-primary">
            {t('settings.add')}
          </button>
        </form>
      ) : null}
      <Outcome mutation={add} />
      {approve.error ? <Outcome mutation={approve} /> : null}
      {remove.error ? <Outcome mutation={remove} /> : null}
    </Section>
  );
}

export function SettingsScreen() {
  const { accountId } = useParams();
  const { t } = useI18n();
  const role = useRole(accountId);
  if (!role || !accountId) return <Loading />;
  const admin = role === 'ADMIN';
  return (
    <>
      <h1>{t('settings.title')}</h1>
      <Members accountId={accountId} admin={admin} />
      <ApiKeys accountId={accountId} role={role} />
      {admin ? <Callbacks accountId={accountId} /> : null}
      <Notifications accountId={accountId} />
      <Policy accountId={accountId} admin={admin} />
      <AddressBook accountId={accountId} role={role} />
    </>
  );
}
