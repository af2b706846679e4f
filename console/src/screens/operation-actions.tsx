import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, del, get, patch, post } from '../api/client';
import type { OperationReview, QueueOperation } from '../api/types';
import type { DeploymentContext } from '../context';
import { useI18n } from '../i18n/i18n';
import { executeOperations, signReviewedOperation, WalletError } from '../wallet/actions';
import { executeOperationsWithTronLink, signReviewedOperationWithTronLink } from '../wallet/tron';
import { useSession } from '../session';

function fail(message: string): never {
  throw new Error(message);
}

/** What a wallet or the service said, in a sentence a person can act on. */
export function actionErrorText(error: unknown, t: ReturnType<typeof useI18n>['t']): string {
  if (error instanceof WalletError && error.reason === 'DIGEST_MISMATCH') {
    return t('review.digestMismatch', { fields: error.message });
  }
  if (error instanceof WalletError && error.reason === 'WRONG_ACCOUNT') {
    return t('wallet.wrongAccount', { address: error.message });
  }
  if (error instanceof WalletError && error.reason === 'TRON_REFUSED') {
    return t('wallet.tronRefused', { message: error.message });
  }
  if (error instanceof WalletError && error.reason === 'NO_WALLET') return t('signIn.noWallet');
  if (error instanceof ApiError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  // viem's errors carry a short first line and a long technical tail.
  return (error as { shortMessage?: string }).shortMessage ?? message.split('\n')[0];
}

/**
 * Sign, Execute, Reject, Delete and change-nonce for one deployment, shared by the queue and the
 * review page. Every success refreshes the queue and reviews at once (they also poll).
 */
export function useOperationActions(context: DeploymentContext | undefined) {
  const client = useQueryClient();
  const session = useSession().data;
  const { t } = useI18n();
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const deploymentId = context?.deployment.deploymentId;
  // An account without a contract has no queue to sign or execute; the API says null before it has one.
  const walletVersion = () => context?.account.smartContractVersionId ?? fail(t('wallet.noContract'));
  const walletAddress = () => context?.account.contract ?? fail(t('wallet.noContract'));
  const refresh = () => client.invalidateQueries({ queryKey: ['deployment', deploymentId] });
  const wrap = <A,>(run: (arg: A) => Promise<string | void>) =>
    useMutation({
      mutationFn: run,
      onMutate: () => setMessage(null),
      onSuccess: (text) => setMessage({ kind: 'ok', text: text || t('action.done') }),
      onError: (error) => setMessage({ kind: 'error', text: actionErrorText(error, t) }),
      onSettled: refresh,
    });

  const sign = wrap(async (review: OperationReview | string) => {
    const full =
      typeof review === 'string'
        ? await get<OperationReview>(`/api/v1/deployments/${deploymentId}/operations/${review}/review`)
        : review;
    if (typeof review === 'string' && full.warnings.some((w) => w.severity === 'CRITICAL')) {
      throw new Error(t('review.criticalOpen'));
    }
    // A Tron account's approvers sign with TronLink; every other account's with its EVM wallet.
    const signWith = context!.account.isTron ? signReviewedOperationWithTronLink : signReviewedOperation;
    await signWith(full, walletVersion(), deploymentId!, session!.address);
  });
  const execute = wrap(async (operations: QueueOperation[]) => {
    const hash = context!.account.isTron
      ? await executeOperationsWithTronLink(operations, walletAddress(), session!.address)
      : await executeOperations(operations, { chainId: context!.chainId, address: walletAddress() }, session!.address);
    return t('action.sent', { hash });
  });
  const reject = wrap(async (op: QueueOperation) => {
    await post(`/api/v1/deployments/${deploymentId}/operations/reject`, { nonce: op.nonce });
  });
  const remove = wrap(async (op: QueueOperation) => {
    await del(`/api/v1/deployments/${deploymentId}/operations/${op.id}`);
  });
  const changeNonce = wrap(async ({ op, nonce }: { op: QueueOperation; nonce: string }) => {
    await patch(`/api/v1/deployments/${deploymentId}/operations/${op.id}/nonce`, { nonce });
  });
  const busy = [sign, execute, reject, remove, changeNonce].some((m) => m.isPending);
  return { sign, execute, reject, remove, changeNonce, busy, message };
}

export function ActionMessage({ message }: { message: { kind: 'ok' | 'error'; text: string } | null }) {
  if (!message) return null;
  return (
    <p
      className={`note ${message.kind === 'error' ? 'note-error' : 'note-ok'}`}
      role={message.kind === 'error' ? 'alert' : 'status'}
    >
      {message.text}
    </p>
  );
}
