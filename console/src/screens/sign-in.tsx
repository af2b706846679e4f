import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useConnectors } from 'wagmi';
import { ApiError } from '../api/client';
import type { SessionDto } from '../api/types';
import { useI18n } from '../i18n/i18n';
import { useSetSession } from '../session';
import { signInWithWallet, signOut } from '../wallet/actions';
import { signInWithTronLink, tronLinkPresent } from '../wallet/tron';

/** TronLink's place in the wallet list: Tron members sign in with it. */
const TRONLINK = 'tronlink';

interface WalletChoice {
  readonly uid: string;
  readonly name: string;
  readonly icon?: string;
  readonly signIn: (statement: string) => Promise<SessionDto>;
}

/**
 * Wallets announced by EIP-6963; the generic `window.ethereum` one only when none announced
 * itself; and TronLink when it is in the browser.
 */
function useWallets(): WalletChoice[] {
  const connectors = useConnectors();
  const announced = connectors.filter((c) => c.id !== 'injected');
  const evm =
    announced.length > 0
      ? announced
      : typeof window !== 'undefined' && 'ethereum' in window
        ? connectors.filter((c) => c.id === 'injected')
        : [];
  const choices: WalletChoice[] = evm.map((c) => ({
    uid: c.uid,
    name: c.name,
    icon: c.icon,
    signIn: (statement) => signInWithWallet(c, statement),
  }));
  if (tronLinkPresent()) choices.push({ uid: TRONLINK, name: 'TronLink (Tron)', signIn: signInWithTronLink });
  return choices;
}

export function SignInScreen() {
  const { t } = useI18n();
  const wallets = useWallets();
  const [chosen, setChosen] = useState<string>('');
  const setSession = useSetSession();
  const wallet = wallets.find((w) => w.uid === chosen) ?? wallets[0];
  const signIn = useMutation({
    mutationFn: () => wallet.signIn(t('signIn.statement')),
    onSuccess: setSession,
  });
  return (
    <div className="sign-in card">
      <h1>{t('signIn.title')}</h1>
      <p>{t('signIn.lead')}</p>
      {wallets.length === 0 ? (
        <p className="note">{t('signIn.noWallet')}</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            signIn.mutate();
          }}
        >
          {wallets.length > 1 ? (
            <label className="field">
              <span>{t('signIn.wallet')}</span>
              <select value={wallet.uid} onChange={(e) => setChosen(e.target.value)}>
                {wallets.map((w) => (
                  <option key={w.uid} value={w.uid}>
                    {w.name}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p className="wallet-name">
              {wallet.icon ? <img src={wallet.icon} alt="" width={24} height={24} /> : null} {wallet.name}
            </p>
          )}
          <button type="submit" className="button button-primary" disabled={signIn.isPending}>
            {t('signIn.button')}
          </button>
        </form>
      )}
      {signIn.isPending ? <p role="status">{t('signIn.waiting')}</p> : null}
      {signIn.error ? (
        <p className="note note-error" role="alert">
          {t('signIn.refused', {
            message:
              signIn.error instanceof ApiError ? signIn.error.message : (signIn.error as Error).message.split('\n')[0],
          })}
        </p>
      ) : null}
    </div>
  );
}

export function SignOutButton() {
  const { t } = useI18n();
  const setSession = useSetSession();
  const out = useMutation({ mutationFn: signOut, onSettled: () => setSession(null) });
  return (
    <button type="button" className="button" onClick={() => out.mutate()} disabled={out.isPending}>
      {t('signIn.out')}
    </button>
  );
}
