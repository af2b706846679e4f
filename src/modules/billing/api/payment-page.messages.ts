/**
 * Every word the payment page shows, one table per language. `{name}` marks a value filled in by
 * `fill`. A language is added by adding its table here: negotiation and formatting follow it.
 */
const EN = {
  pageTitle: 'Pay {merchant}',
  merchantFallback: 'Merchant',
  invoiceNumber: 'Invoice {id}',
  issuedAt: 'Issued {date}',
  stateAwaiting: 'Awaiting payment',
  stateChooseCurrency: 'Choose a currency',
  stateConfirming: 'Confirming payment',
  statePartial: 'Partially paid',
  statePaid: 'Paid',
  stateUnresolved: 'Needs review',
  amountDue: 'Amount due',
  anyAmount: 'Any amount',
  anyAmountOf: 'Any amount of {currency}',
  fiatApprox: '≈ {fiat}',
  invoiceTotal: 'Invoice total',
  received: 'Received',
  confirming: 'Confirming',
  copy: 'Copy',
  copied: 'Copied',
  copyAmount: 'Copy amount',
  copyAddress: 'Copy address',
  chooseCurrencyTitle: 'How would you like to pay?',
  chooseCurrencyHint: 'The merchant accepts any of these on {network}.',
  changeCurrency: 'Pay with another currency',
  sendTitle: 'Send {amount} {currency}',
  sendAnyTitle: 'Send {currency}',
  sendRemainingTitle: 'Send the remaining {amount} {currency}',
  scanHint: 'Scan with your wallet app, or open it on this device.',
  qrAlt: 'QR code for a wallet app: pays {currency} to the deposit address',
  openInWallet: 'Open in wallet',
  depositAddress: 'Deposit address',
  network: 'Network',
  tokenContract: 'Token contract',
  nativeCoin: "{currency} is {network}'s own coin",
  viewOnExplorer: 'View on explorer',
  onlyThisWarning: 'Send only {currency} on {network}. Other coins or networks cannot be credited.',
  confirmingTitle: 'Payment received, confirming',
  confirmingText: 'No need to send anything else. This takes a few minutes; the page updates by itself.',
  paidTitle: 'Paid in full. Thank you!',
  paidText: '{merchant} has received your payment.',
  unresolvedTitle: 'Payment received, needs review',
  unresolvedText:
    'The amount or currency received differs from what was asked. {merchant} will sort it out; please contact them.',
  paymentsTitle: 'Payments',
  depositConfirming: 'Confirming: {count} of {required} confirmations',
  depositConfirmed: 'Confirmed',
  depositFailed: 'Failed',
  viewTransaction: 'Transaction',
  confirmingNotCounted: 'Payments count toward the amount due once confirmed.',
  backToShop: 'Back to the shop',
  liveUpdates: 'This page updates by itself.',
  language: 'Language',
  notFoundTitle: 'Invoice not found',
  notFoundText: 'Check the link you were given, or ask the merchant for a new one.',
};

export type PaymentPageMessages = typeof EN;

const RU: PaymentPageMessages = {
  pageTitle: 'Оплата: {merchant}',
  merchantFallback: 'Продавец',
  invoiceNumber: 'Счёт {id}',
  issuedAt: 'Выставлен {date}',
  stateAwaiting: 'Ожидает оплаты',
  stateChooseCurrency: 'Выберите валюту',
  stateConfirming: 'Платёж подтверждается',
  statePartial: 'Оплачен частично',
  statePaid: 'Оплачен',
  stateUnresolved: 'Требует проверки',
  amountDue: 'К оплате',
  anyAmount: 'Любая сумма',
  anyAmountOf: 'Любая сумма в {currency}',
  fiatApprox: '≈ {fiat}',
  invoiceTotal: 'Сумма счёта',
  received: 'Получено',
  confirming: 'Подтверждается',
  copy: 'Копировать',
  copied: 'Скопировано',
  copyAmount: 'Скопировать сумму',
  copyAddress: 'Скопировать адрес',
  chooseCurrencyTitle: 'Чем вы хотите оплатить?',
  chooseCurrencyHint: 'Продавец принимает любую из этих валют в сети {network}.',
  changeCurrency: 'Оплатить другой валютой',
  sendTitle: 'Отправьте {amount} {currency}',
  sendAnyTitle: 'Отправьте {currency}',
  sendRemainingTitle: 'Отправьте оставшиеся {amount} {currency}',
  scanHint: 'Отсканируйте код приложением кошелька или откройте кошелёк на этом устройстве.',
  qrAlt: 'QR-код для приложения кошелька: оплата в {currency} на адрес для оплаты',
  openInWallet: 'Открыть в кошельке',
  depositAddress: 'Адрес для оплаты',
  network: 'Сеть',
  tokenContract: 'Контракт токена',
  nativeCoin: '{currency} — собственная монета сети {network}',
  viewOnExplorer: 'Открыть в обозревателе',
  onlyThisWarning: 'Отправляйте только {currency} в сети {network}. Другие монеты и сети не будут зачислены.',
  confirmingTitle: 'Платёж получен и подтверждается',
  confirmingText: 'Больше ничего отправлять не нужно. Это займёт несколько минут; страница обновится сама.',
  paidTitle: 'Оплачено полностью. Спасибо!',
  paidText: '{merchant} получил ваш платёж.',
  unresolvedTitle: 'Платёж получен, требуется проверка',
  unresolvedText:
    'Полученная сумма или валюта отличается от запрошенной. {merchant} разберётся; пожалуйста, свяжитесь с продавцом.',
  paymentsTitle: 'Платежи',
  depositConfirming: 'Подтверждается: {count} из {required} подтверждений',
  depositConfirmed: 'Подтверждён',
  depositFailed: 'Не прошёл',
  viewTransaction: 'Транзакция',
  confirmingNotCounted: 'Платёж засчитывается в оплату после подтверждения.',
  backToShop: 'Вернуться в магазин',
  liveUpdates: 'Страница обновляется сама.',
  language: 'Язык',
  notFoundTitle: 'Счёт не найден',
  notFoundText: 'Проверьте ссылку или попросите у продавца новую.',
};

export const PAGE_LANGUAGES = { en: EN, ru: RU } as const;
export type PageLanguage = keyof typeof PAGE_LANGUAGES;

/** Each language named in itself, for the language switch. */
export const LANGUAGE_NAMES: Readonly<Record<PageLanguage, string>> = { en: 'English', ru: 'Русский' };

const DEFAULT_LANGUAGE: PageLanguage = 'en';

function isPageLanguage(value: string): value is PageLanguage {
  return Object.hasOwn(PAGE_LANGUAGES, value);
}

/**
 * The page's language: `?lang=` when it names one of ours, else the best of the browser's
 * `Accept-Language` (by q-value, then order; `ru-RU` matches `ru`), else English.
 */
export function pageLanguage(queryLang: unknown, acceptLanguage: string | undefined): PageLanguage {
  if (typeof queryLang === 'string' && isPageLanguage(queryLang.toLowerCase())) {
    return queryLang.toLowerCase() as PageLanguage;
  }
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isPageLanguage) ?? DEFAULT_LANGUAGE;
}

/** The template with each `{name}` replaced by its value; names without a value stay as they are. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
}
