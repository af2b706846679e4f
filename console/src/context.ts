import { useQueries, useQuery } from '@tanstack/react-query';
import { get } from './api/client';
import type { Account, AccountDeployment, AccountDetails, Network, Role } from './api/types';
import { useSession } from './session';

export function useAccountDetails(accountId: string | undefined) {
  return useQuery({
    queryKey: ['account', accountId],
    queryFn: () => get<AccountDetails>(`/api/v1/accounts/${accountId}`),
    enabled: accountId !== undefined,
  });
}

export function useNetworks() {
  return useQuery({
    queryKey: ['networks'],
    queryFn: async () => (await get<{ items: Network[] }>('/api/v1/networks')).items,
    staleTime: 10 * 60_000,
  });
}

export function useRole(accountId: string | undefined): Role | undefined {
  const session = useSession().data;
  return session?.memberships.find((m) => m.accountId === accountId)?.role;
}

export interface DeploymentContext {
  readonly account: Account;
  readonly deployment: AccountDeployment;
  readonly role: Role | undefined;
  readonly chainId: number;
}

/**
 * The account a deployment belongs to, found among the signed-in person's accounts (the console
 * routes name the deployment only, as notifications link to them).
 */
export function useDeploymentContext(deploymentId: string | undefined): {
  context: DeploymentContext | undefined;
  isLoading: boolean;
  notFound: boolean;
} {
  const session = useSession().data;
  const memberships = session?.memberships ?? [];
  const results = useQueries({
    queries: memberships.map((m) => ({
      queryKey: ['account', m.accountId],
      queryFn: () => get<AccountDetails>(`/api/v1/accounts/${m.accountId}`),
    })),
  });
  for (const [index, result] of results.entries()) {
    const deployment = result.data?.deployments.find((d) => d.deploymentId === deploymentId);
    if (result.data && deployment) {
      return {
        context: {
          account: result.data.account,
          deployment,
          role: memberships[index].role,
          chainId: Number(deployment.chainId),
        },
        isLoading: false,
        notFound: false,
      };
    }
  }
  const isLoading = results.some((r) => r.isLoading);
  return { context: undefined, isLoading, notFound: !isLoading };
}
