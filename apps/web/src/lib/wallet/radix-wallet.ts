import { WALLET_CONNECT_TIMEOUT_MS, WALLET_ERRORS } from './wallet-context';

/** SPEC §8 wallet texts beyond those the context already names. */
export const WALLET_FAILURES = {
  invalidRequest: 'Invalid wallet request. Please ensure you have the latest Radix Wallet version.',
  cancelled: 'Connection cancelled by user.',
  noAccount: 'Failed to request account access',
} as const;

/** SPEC §8: what a failed wallet request becomes in words. */
export function walletErrorMessage(error: unknown): string {
  const text =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error !== null
        ? [(error as { error?: unknown }).error, (error as { message?: unknown }).message]
            .filter((part): part is string => typeof part === 'string')
            .join(': ')
        : '';
  if (text.includes('Invalid request')) return WALLET_FAILURES.invalidRequest;
  if (text.includes('User rejected') || text.includes('rejectedByUser')) return WALLET_FAILURES.cancelled;
  if (text === WALLET_ERRORS.timeout || text === WALLET_ERRORS.notInitialized) return text;
  if (error instanceof Error) return `Connection failed: ${text}`;
  return WALLET_ERRORS.generic;
}

export interface LedgerWalletOptions {
  networkId: number;
  dAppDefinitionAddress: string;
}

export interface WalletAccounts {
  accounts: string[];
  persona: string | null;
}

/**
 * The real Radix dApp Toolkit (npm `@radixdlt/radix-dapp-toolkit`), loaded only when
 * simulation mode is off. Asks the wallet for at least one account (SPEC §7) and gives up
 * after 10 seconds (SPEC §9). Nothing here fakes a connection.
 */
export async function requestLedgerAccounts(options: LedgerWalletOptions): Promise<WalletAccounts> {
  const { RadixDappToolkit, OneTimeDataRequestBuilder } = await import('@radixdlt/radix-dapp-toolkit');
  const rdt = RadixDappToolkit({
    networkId: options.networkId,
    dAppDefinitionAddress: options.dAppDefinitionAddress,
    applicationName: 'Meridian',
    applicationVersion: '1.0.0',
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(WALLET_ERRORS.timeout)), WALLET_CONNECT_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([
      rdt.walletApi.sendOneTimeRequest(OneTimeDataRequestBuilder.accounts().atLeast(1)),
      timeout,
    ]);
    if (result.isErr()) throw new Error(walletErrorMessage(result.error));
    const accounts = result.value.accounts.map((account) => account.address);
    if (accounts.length === 0) throw new Error(WALLET_FAILURES.noAccount);
    return { accounts, persona: result.value.persona?.label ?? null };
  } finally {
    clearTimeout(timer);
  }
}
