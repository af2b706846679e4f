import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { encodeFunctionData, zeroAddress, type Hex } from 'viem';
import { sendTransaction, switchChain, getConnection } from 'wagmi/actions';
import { get } from '../api/client';
import type { ClaimItem, Page } from '../api/types';
import { ErrorNote, Loading, Money, Section } from '../components/ui';
import { useDeploymentContext } from '../context';
import { useI18n } from '../i18n/i18n';
import { wagmiConfig } from '../wallet/config';
import { actionErrorText } from './operation-actions';

const CLAIM_ABI = [
  {
    type: 'function',
    name: 'claim',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'erc20', type: 'address' },
      { name: 'accountIds', type: 'bytes32[]' },
    ],
    outputs: [],
  },
] as const;

/** Claims are sent by an approver's wallet straight to the contract (`claim`), one currency at a time. */
export function ClaimsScreen() {
  const { deploymentId } = useParams();
  const { t, formatDate } = useI18n();
  const client = useQueryClient();
  const { context, isLoading } = useDeploymentContext(deploymentId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const claims = useQuery({
    queryKey: ['deployment', deploymentId, 'claims'],
    queryFn: () => get<Page<ClaimItem>>(`/api/v1/deployments/${deploymentId}/claims`, { pageSize: 100 }),
    refetchInterval: 5000,
  });
  const claim = useMutation({
    mutationFn: async (items: ClaimItem[]) => {
      const currency = items[0].currency;
      if (getConnection(wagmiConfig).chainId !== context!.chainId) {
        await switchChain(wagmiConfig, { chainId: context!.chainId as never });
      }
      return sendTransaction(wagmiConfig, {
        chainId: context!.chainId as never,
        to: context!.account.contract as Hex,
        data: encodeFunctionData({
          abi: CLAIM_ABI,
          functionName: 'claim',
          args: [(currency.address ?? zeroAddress) as Hex, items.map((i) => `0x${i.invoiceNonce}` as Hex)],
        }),
      });
    },
    onSuccess: () => {
      setSelected(new Set());
      void client.invalidateQueries({ queryKey: ['deployment', deploymentId] });
    },
  });
  if (isLoading || !context || claims.isLoading) return <Loading />;
  if (claims.error) return <ErrorNote error={claims.error} />;
  const items = claims.data!.items;
  const key = (i: ClaimItem) => `${i.invoiceId}:${i.currency.id}`;
  const chosen = items.filter((i) => selected.has(key(i)));
  const oneCurrency = chosen.length > 0 && chosen.every((i) => i.currency.id === chosen[0].currency.id);
  return (
    <>
      <h1>
        {t('claims.title')} · {context.deployment.networkName}
      </h1>
      <p className="muted">{t('claims.lead')}</p>
      <Section
        title={t('claims.title')}
        actions={
          <button
            type="button"
            className="button button-primary"
            disabled={!oneCurrency || claim.isPending}
            onClick={() => claim.mutate(chosen)}
          >
            {t('claims.claim')}
          </button>
        }
      >
        {items.length === 0 ? <p className="muted">{t('claims.empty')}</p> : null}
        {items.length > 0 ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{t('claims.selected', { count: chosen.length })}</span>
                  </th>
                  <th scope="col">{t('table.created')}</th>
                  <th scope="col" className="num">
                    {t('table.amount')}
                  </th>
                  <th scope="col">{t('nav.invoices')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <tr key={key(i)}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${i.currency.symbol} ${i.amount}`}
                        checked={selected.has(key(i))}
                        onChange={(e) => {
                          const next = new Set(selected);
                          if (e.target.checked) next.add(key(i));
                          else next.delete(key(i));
                          setSelected(next);
                        }}
                      />
                    </td>
                    <td>{formatDate(i.updatedAt ?? i.createdAt)}</td>
                    <td className="num">
                      <Money amount={i.amount} symbol={i.currency.symbol} />
                    </td>
                    <td className="mono small">{i.invoiceId}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {claim.isSuccess ? <p className="note note-ok">{t('action.sent', { hash: claim.data })}</p> : null}
        {claim.error ? (
          <p className="note note-error" role="alert">
            {actionErrorText(claim.error, t)}
          </p>
        ) : null}
      </Section>
    </>
  );
}
