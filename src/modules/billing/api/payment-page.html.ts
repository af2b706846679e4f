import { PageFormat } from './payment-page.format';
import { fill, LANGUAGE_NAMES, PAGE_LANGUAGES, PageLanguage, PaymentPageMessages } from './payment-page.messages';
import type { PageCurrency, PaymentPageModel, PaymentPageState } from './payment-page.model';

/** How the page was asked for: links on it keep an explicit `?lang=` and the chosen currency. */
export interface PageRequest {
  readonly language: PageLanguage;
  /** The `?lang=` the page was opened with; without one, links let `Accept-Language` decide again. */
  readonly explicitLanguage: boolean;
  readonly pollIntervalMs: number;
}

const STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#eef1f5;color:#111827}
main{max-width:28rem;margin:0 auto;padding:1rem .75rem 2rem}
h1,h2,p{margin:0}
h1{font-size:1.375rem;line-height:1.3}
h2{font-size:1.125rem;line-height:1.3;margin-bottom:.75rem}
a{color:#1d4ed8}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px;border-radius:4px}
.merchant{display:flex;align-items:center;gap:.75rem;margin:.25rem 0 1rem}
.avatar{flex:none;width:2.75rem;height:2.75rem;border-radius:12px;background:#1e3a8a;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700;font-size:1.25rem}
.merchant-name{font-size:1.125rem;font-weight:700;line-height:1.25;overflow-wrap:anywhere}
.muted{color:#4b5563;font-size:.875rem}
.card{background:#fff;border:1px solid #dde2e9;border-radius:16px;padding:1.25rem;margin-bottom:.75rem}
.status{display:inline-flex;align-items:center;gap:.4rem;border-radius:999px;padding:.2rem .75rem;font-size:.875rem;font-weight:600;margin-bottom:.75rem;background:#fef3c7;color:#7c2d12}
.status::before{content:"";width:.5rem;height:.5rem;border-radius:50%;background:currentColor}
.status-CONFIRMING{background:#dbeafe;color:#1e3a8a}
.status-PAID{background:#dcfce7;color:#14532d}
.status-UNRESOLVED{background:#fee2e2;color:#7f1d1d}
.label{color:#4b5563;font-size:.875rem;margin-bottom:.15rem}
.amount-row,.copy-row{display:flex;align-items:center;gap:.5rem;justify-content:space-between}
.amount{font-size:1.875rem;font-weight:700;line-height:1.2;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
.amount-long{font-size:1.375rem}
.amount .symbol{font-size:1.125rem;font-weight:600;color:#374151}
.fiat{color:#374151;margin-top:.15rem}
.facts{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:1rem 0 0;font-size:.9375rem}
.facts dt{color:#4b5563}
.facts dd{margin:0;text-align:right;overflow-wrap:anywhere}
.copy{flex:none;border:1px solid #c7cdd6;background:#fff;color:#111827;border-radius:10px;padding:.45rem .8rem;font:inherit;font-size:.875rem;font-weight:600;cursor:pointer;min-height:2.5rem}
.copy:hover{background:#f3f4f6}
.address{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875rem;word-break:break-all;background:#f3f4f6;border-radius:10px;padding:.6rem .7rem;flex:1;min-width:0}
.qr{display:block;width:100%;max-width:15rem;margin:.25rem auto 1rem;image-rendering:pixelated;border:1px solid #e5e7eb;border-radius:12px}
.button{display:block;width:100%;border-radius:12px;padding:.85rem 1rem;font-size:1rem;font-weight:600;text-align:center;text-decoration:none;min-height:3rem}
.primary{background:#1d4ed8;color:#fff}
.primary:hover{background:#1e40af}
.secondary{background:#fff;color:#1e3a8a;border:1px solid #c7cdd6;margin-top:.25rem}
.hint{text-align:center;color:#4b5563;font-size:.875rem;margin:.5rem 0 1rem}
.section-gap{margin-top:1rem}
.small-link{font-size:.875rem}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.8125rem;word-break:break-all}
.warning{margin-top:1rem;background:#fffbeb;border:1px solid #f59e0b;color:#713f12;border-radius:10px;padding:.6rem .75rem;font-size:.875rem}
.choices{list-style:none;padding:0;margin:0;display:grid;gap:.5rem}
.choice{display:flex;justify-content:space-between;align-items:center;gap:.5rem;border:1px solid #c7cdd6;border-radius:12px;padding:.8rem 1rem;text-decoration:none;color:#111827;min-height:3rem}
.choice:hover{border-color:#1d4ed8;background:#f5f8ff}
.choice strong{font-size:1.0625rem}
.choice span{color:#4b5563;font-size:.875rem;text-align:right}
.outcome{text-align:center}
.outcome-icon{width:3.5rem;height:3.5rem;border-radius:50%;margin:0 auto .75rem;display:flex;align-items:center;justify-content:center;font-size:1.75rem;font-weight:700}
.outcome-PAID{background:#dcfce7;color:#14532d}
.outcome-UNRESOLVED{background:#fee2e2;color:#7f1d1d}
.outcome-CONFIRMING{background:#dbeafe;color:#1e3a8a}
.deposits{list-style:none;padding:0;margin:0}
.deposit{display:grid;grid-template-columns:1fr auto;align-items:baseline;gap:.1rem .75rem;padding:.6rem 0;border-top:1px solid #e5e7eb}
.deposit:first-child{border-top:0;padding-top:0}
.deposit-amount{font-weight:600;font-variant-numeric:tabular-nums}
.deposit-state{grid-column:1/-1;grid-row:2;font-size:.875rem;color:#4b5563}
.deposit-CONFIRMING .deposit-state{color:#1e3a8a;font-weight:600}
.deposit-FAILED .deposit-state{color:#7f1d1d}
.deposit-link{font-size:.875rem}
.confirming{color:#1e3a8a;font-weight:600}
footer{text-align:center;color:#4b5563;font-size:.875rem;margin-top:1.25rem;display:grid;gap:.5rem}
footer nav a{padding:.5rem;display:inline-block}
footer nav a[aria-current]{color:#111827;font-weight:600;text-decoration:none}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
[hidden]{display:none!important}
`;

/**
 * Listens to the invoice's event stream (polling when the stream is refused or unsupported), and on
 * each change fetches this same page again and swaps in the regions that changed: every word and
 * number is rendered by the server, in one place. Stops at a final status. No eval, no inline
 * handlers: the nonce'd script is the only code the CSP lets run.
 */
const SCRIPT = `
(function(){
  var body=document.body, id=body.dataset.publicId, every=Number(body.dataset.pollMs)||5000;
  var announcer=document.getElementById('announcer');
  var source=null, timer=null, loading=false, again=false, stopped=false;
  function isFinal(status){ return status==='PAID'||status==='UNRESOLVED'; }
  function stop(){ stopped=true; if(source){source.close();source=null;} if(timer){clearInterval(timer);timer=null;} }
  // What the server last sent per region: a region is replaced only when that changes, so a
  // button saying "Copied" is not reset by an update that changed nothing around it.
  var rendered={}, regions=document.querySelectorAll('[data-region]');
  for(var r=0;r<regions.length;r++) rendered[regions[r].id]=regions[r].innerHTML;
  function swap(doc){
    var focused=document.activeElement&&document.activeElement.id;
    for(var i=0;i<regions.length;i++){
      var el=regions[i], next=doc.getElementById(el.id);
      if(!next) continue;
      if(next.innerHTML!==rendered[el.id]){ el.innerHTML=next.innerHTML; rendered[el.id]=next.innerHTML; }
      el.hidden=next.hidden;
    }
    if(focused&&document.activeElement!==document.getElementById(focused)){ var f=document.getElementById(focused); if(f) f.focus(); }
    var state=doc.body.dataset.state;
    if(state!==body.dataset.state){ var label=doc.getElementById('status'); announcer.textContent=label?label.textContent:''; }
    body.dataset.state=state; body.dataset.status=doc.body.dataset.status;
    if(isFinal(body.dataset.status)) stop();
  }
  // Only the body: the head's style and the script carry the other response's nonce, and a parsed
  // copy of them counts as a CSP violation even though it never runs.
  function bodyOf(html){ var from=html.indexOf('<body'), to=html.lastIndexOf('</main>'); return html.slice(from, to>from?to:html.length); }
  function refresh(){
    if(loading){ again=true; return; }
    loading=true;
    fetch(location.href,{cache:'no-store',headers:{accept:'text/html'}})
      .then(function(r){ return r.ok?r.text():null; })
      .then(function(html){ if(html!==null) swap(new DOMParser().parseFromString(bodyOf(html),'text/html')); })
      .catch(function(){})
      .then(function(){ loading=false; if(again&&!stopped){ again=false; refresh(); } });
  }
  function poll(){ if(!timer&&!stopped) timer=setInterval(refresh,every); }
  document.addEventListener('click',function(event){
    var button=event.target.closest&&event.target.closest('[data-copy]');
    if(!button) return;
    var value=button.getAttribute('data-copy'), label=button.textContent;
    var done=function(){ button.textContent=body.dataset.copied; announcer.textContent=body.dataset.copied; setTimeout(function(){ button.textContent=label; },2000); };
    if(navigator.clipboard&&navigator.clipboard.writeText) navigator.clipboard.writeText(value).then(done,function(){});
  });
  if(isFinal(body.dataset.status)) return;
  if(!window.EventSource){ poll(); return; }
  source=new EventSource('/api/v1/public/invoices/'+encodeURIComponent(id)+'/events');
  source.addEventListener('invoice',function(event){
    var invoice; try{ invoice=JSON.parse(event.data); }catch(e){ return; }
    if(isFinal(invoice.status)&&source){ source.close(); source=null; }
    refresh();
  });
  source.onerror=function(){ if(source&&source.readyState===2){ source=null; poll(); } };
})();
`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STATE_LABEL: Record<PaymentPageState, keyof PaymentPageMessages> = {
  CHOOSE_CURRENCY: 'stateChooseCurrency',
  AWAITING: 'stateAwaiting',
  CONFIRMING: 'stateConfirming',
  PARTIAL: 'statePartial',
  PAID: 'statePaid',
  UNRESOLVED: 'stateUnresolved',
};

/** A message in the page's language, filled and escaped: every value from the database passes here. */
type Say = (key: keyof PaymentPageMessages, values?: Readonly<Record<string, string>>) => string;

function sayer(language: PageLanguage): Say {
  const table = PAGE_LANGUAGES[language];
  return (key, values = {}) => escapeHtml(fill(table[key], values));
}

function document_(
  request: PageRequest,
  title: string,
  bodyAttributes: string,
  content: string,
  nonce: string,
  script: boolean,
): string {
  return `<!doctype html>
<html lang="${request.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body ${bodyAttributes}>
<main>
${content}
<div id="announcer" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true"></div>
</main>
${script ? `<script nonce="${nonce}">${SCRIPT}</script>` : ''}
</body>
</html>`;
}

/** `?currency=…&lang=…` for a link on the page: the query is the page's only state. */
function pageQuery(request: PageRequest, currencyId: string | null, language = request.language): string {
  const params = new URLSearchParams();
  if (currencyId !== null) params.set('currency', currencyId);
  if (request.explicitLanguage || language !== request.language) params.set('lang', language);
  const query = params.toString();
  return query === '' ? '?' : `?${query}`;
}

export function renderPaymentPage(m: PaymentPageModel, request: PageRequest, nonce: string): string {
  const say = sayer(request.language);
  const format = new PageFormat(request.language);
  const e = escapeHtml;
  const merchant = m.merchantName ?? PAGE_LANGUAGES[request.language].merchantFallback;
  const symbol = m.chosen?.symbol ?? '';

  const header = `<header class="merchant">
  <div class="avatar" aria-hidden="true">${e(Array.from(merchant.trim())[0]?.toUpperCase() ?? '?')}</div>
  <div>
    <h1 class="merchant-name" id="merchant">${e(merchant)}</h1>
    <p class="muted"><span id="invoice-number">${say('invoiceNumber', { id: m.publicId })}</span> · <time datetime="${m.createdAt.toISOString()}" id="issued">${say('issuedAt', { date: format.dateTime(m.createdAt) })}</time></p>
  </div>
</header>`;

  const final = m.state === 'PAID' || m.state === 'UNRESOLVED';
  const status = `<div id="region-status" data-region><p id="status" class="status status-${m.state}">${say(STATE_LABEL[m.state])}</p>${final ? outcome(m, request, say) : ''}</div>`;

  let summary: string;
  if (final) {
    summary =
      m.paidAmount === null
        ? ''
        : `<p class="label" id="amount-due-label">${say('received')}</p>
  <p class="amount"><span id="received-amount">${e(format.amount(m.paidAmount))}</span> <span class="symbol">${e(symbol)}</span></p>
  <dl class="facts"><dt>${say('invoiceTotal')}</dt><dd id="requested-amount">${e(format.amount(m.requestedAmount ?? '0'))} ${e(symbol)}</dd></dl>`;
  } else if (m.amountDue !== null) {
    const facts = [
      `<dt>${say('invoiceTotal')}</dt><dd id="requested-amount">${e(format.amount(m.requestedAmount ?? '0'))} ${e(symbol)}</dd>`,
      m.paidAmount !== null && m.paidAmount !== '0'
        ? `<dt>${say('received')}</dt><dd id="paid-amount">${e(format.amount(m.paidAmount))} ${e(symbol)}</dd>`
        : '',
      m.confirmingAmount === null
        ? ''
        : `<dt>${say('confirming')}</dt><dd id="confirming-amount" class="confirming">${e(format.amount(m.confirmingAmount))} ${e(symbol)}</dd>`,
    ].join('');
    const long = m.amountDue.length > 11 ? ' amount-long' : '';
    summary = `<div class="amount-row">
    <p class="label" id="amount-due-label">${say('amountDue')}</p>
    ${
      // Nothing to copy while confirming deposits cover the rest.
      m.amountDue === '0'
        ? ''
        : `<button type="button" class="copy" id="copy-amount" data-copy="${e(m.amountDue)}" aria-label="${say('copyAmount')}">${say('copy')}</button>`
    }
  </div>
  <p class="amount${long}"><span id="amount-due" data-value="${e(m.amountDue)}">${e(format.amount(m.amountDue))}</span> <span class="symbol">${e(symbol)}</span></p>
  ${m.amountDueUsd === null ? '' : `<p class="fiat" id="fiat">${say('fiatApprox', { fiat: format.usd(m.amountDueUsd) })}</p>`}
  <dl class="facts">${facts}</dl>`;
  } else {
    summary = `<p class="label" id="amount-due-label">${say('amountDue')}</p>
  <p class="amount amount-long" id="amount-any">${m.chosen === null ? say('anyAmount') : say('anyAmountOf', { currency: symbol })}</p>`;
  }

  const pay = payRegion(m, request, say, format);

  const deposits = m.deposits
    .map((d) => {
      const state =
        d.progress === 'CONFIRMING'
          ? say('depositConfirming', {
              count: format.integer(d.confirmations),
              required: format.integer(m.requiredConfirmations),
            })
          : say(d.progress === 'CONFIRMED' ? 'depositConfirmed' : 'depositFailed');
      const link =
        d.txUrl === null
          ? ''
          : `<a class="deposit-link" href="${e(d.txUrl)}" rel="noopener noreferrer">${say('viewTransaction')}</a>`;
      return `<li class="deposit deposit-${d.progress}"><span class="deposit-amount">${e(format.amount(d.amount))} ${e(d.symbol)}</span><span class="deposit-state">${state}</span>${link}</li>`;
    })
    .join('');
  const anyConfirming = m.deposits.some((d) => d.progress === 'CONFIRMING');

  const button =
    m.buttonUrl === null
      ? ''
      : `<a id="merchant-button" class="button ${final ? 'primary' : 'secondary'}" href="${e(m.buttonUrl)}" rel="noopener noreferrer">${e(m.buttonText ?? PAGE_LANGUAGES[request.language].backToShop)}</a>`;

  const languages = (Object.keys(LANGUAGE_NAMES) as PageLanguage[])
    .map(
      (language) =>
        `<a href="${e(pageQuery(request, m.chosen?.id ?? null, language))}" lang="${language}"${language === request.language ? ' aria-current="true"' : ''}>${e(LANGUAGE_NAMES[language])}</a>`,
    )
    .join(' ');

  const content = `${header}
${status}
<section class="card" id="region-summary" data-region aria-labelledby="amount-due-label"${summary === '' ? ' hidden' : ''}>
  ${summary}
</section>
<section class="card" id="region-deposits" data-region aria-labelledby="deposits-title"${m.deposits.length === 0 ? ' hidden' : ''}>
  <h2 id="deposits-title">${say('paymentsTitle')}</h2>
  <ul class="deposits" id="deposits">${deposits}</ul>
  ${anyConfirming ? `<p class="muted section-gap">${say('confirmingNotCounted')}</p>` : ''}
</section>
<section class="card" id="region-pay" data-region${pay === '' ? ' hidden' : ''}>
  ${pay}
</section>
<div id="region-merchant" data-region>${button}</div>
<footer>
  <nav aria-label="${say('language')}">${languages}</nav>
  <p id="region-live-note" data-region>${final ? '' : say('liveUpdates')}</p>
</footer>`;

  const attributes = [
    `data-public-id="${e(m.publicId)}"`,
    `data-status="${m.status}"`,
    `data-state="${m.state}"`,
    `data-poll-ms="${request.pollIntervalMs}"`,
    `data-copied="${say('copied')}"`,
  ].join(' ');
  return document_(request, say('pageTitle', { merchant }), attributes, content, nonce, true);
}

/** The end of the payer's part, at the top of the page: paid, or the merchant has to look. */
function outcome(m: PaymentPageModel, request: PageRequest, say: Say): string {
  const merchant = m.merchantName ?? PAGE_LANGUAGES[request.language].merchantFallback;
  const paid = m.state === 'PAID';
  return `<div class="card outcome" id="${paid ? 'screen-paid' : 'screen-unresolved'}">
    <div class="outcome-icon outcome-${m.state}" aria-hidden="true">${paid ? '&#10003;' : '!'}</div>
    <h2>${say(paid ? 'paidTitle' : 'unresolvedTitle')}</h2>
    <p class="muted">${say(paid ? 'paidText' : 'unresolvedText', { merchant })}</p>
  </div>`;
}

function payRegion(m: PaymentPageModel, request: PageRequest, say: Say, format: PageFormat): string {
  const e = escapeHtml;
  if (m.state === 'PAID' || m.state === 'UNRESOLVED') return '';
  if (m.chosen === null) {
    const choices = m.currencies
      .map(
        (c: PageCurrency) =>
          `<li><a class="choice" href="${e(pageQuery(request, c.id))}" data-currency="${e(c.id)}"><strong>${e(c.symbol)}</strong><span>${e(c.name)}</span></a></li>`,
      )
      .join('');
    return `<div id="screen-choose">
    <h2>${say('chooseCurrencyTitle')}</h2>
    <p class="muted">${say('chooseCurrencyHint', { network: m.networkName })}</p>
    <ul class="choices section-gap" id="currency-choices">${choices}</ul>
  </div>`;
  }
  const change =
    m.currencies.length > 1
      ? `<a class="button secondary section-gap" id="change-currency" href="${e(pageQuery(request, null))}">${say('changeCurrency')}</a>`
      : '';
  const i = m.instructions;
  if (i === null) {
    return `<div class="outcome" id="screen-confirming">
    <div class="outcome-icon outcome-CONFIRMING" aria-hidden="true">&#8635;</div>
    <h2>${say('confirmingTitle')}</h2>
    <p class="muted">${say('confirmingText')}</p>
  </div>`;
  }
  const currency = i.currency.symbol;
  const title =
    i.amountToSend === null
      ? say('sendAnyTitle', { currency })
      : say(i.remainderOnly ? 'sendRemainingTitle' : 'sendTitle', {
          amount: format.amount(i.amountToSend),
          currency,
        });
  const token =
    i.currency.contract === null
      ? `<p class="muted section-gap" id="native-coin">${say('nativeCoin', { currency, network: m.networkName })}</p>`
      : `<div class="amount-row section-gap"><p class="label">${say('tokenContract')}</p>${
          i.currency.contractUrl === null
            ? ''
            : `<a id="token-explorer" class="small-link" href="${e(i.currency.contractUrl)}" rel="noopener noreferrer">${say('viewOnExplorer')}</a>`
        }</div>
    <p class="mono" id="token-contract">${e(i.currency.contract)}</p>`;
  return `<div id="screen-pending">
    <h2 id="send-title">${title}</h2>
    <img id="qr" class="qr" src="${i.qrDataUrl}" alt="${say('qrAlt', { currency })}" data-uri="${e(i.uri)}" width="240" height="240">
    <a id="open-wallet" class="button primary" href="${e(i.uri)}">${say('openInWallet')}</a>
    <p class="hint">${say('scanHint')}</p>
    <p class="label" id="address-label">${say('depositAddress')}</p>
    <div class="copy-row">
      <code id="address" class="address" aria-labelledby="address-label">${e(m.address)}</code>
      <button type="button" class="copy" id="copy-address" data-copy="${e(m.address)}" aria-label="${say('copyAddress')}">${say('copy')}</button>
    </div>
    <dl class="facts">
      <dt>${say('network')}</dt><dd id="network">${e(m.networkName)}</dd>
    </dl>
    ${token}
    <p class="warning" id="warning">${say('onlyThisWarning', { currency, network: m.networkName })}</p>
    ${change}
  </div>`;
}

export function renderNotFoundPage(request: PageRequest, nonce: string): string {
  const say = sayer(request.language);
  return document_(
    request,
    say('notFoundTitle'),
    'data-status="NOT_FOUND" data-state="NOT_FOUND"',
    `<section class="card outcome section-gap" id="screen-not-found">
  <div class="outcome-icon outcome-UNRESOLVED" aria-hidden="true">?</div>
  <h1>${say('notFoundTitle')}</h1>
  <p class="muted section-gap">${say('notFoundText')}</p>
</section>`,
    nonce,
    false,
  );
}
