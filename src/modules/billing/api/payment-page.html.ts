/** Everything the payment page shows, already formatted; rendered by `renderPaymentPage`. */
export interface PaymentPageModel {
  readonly publicId: string;
  readonly status: 'CREATED' | 'PAID' | 'UNRESOLVED';
  readonly networkName: string;
  readonly address: string;
  /** "USDT", or "USDT, USDC, ETH" for an invoice that takes several. */
  readonly currencyLabel: string;
  /** Whole units; null for "any amount" or several currencies. */
  readonly requestedAmount: string | null;
  readonly paidAmount: string | null;
  readonly amountDue: string | null;
  /** Decimals of the single currency, for the live update's arithmetic; null with several. */
  readonly decimals: number | null;
  readonly paymentUri: string;
  /** data: URL of the QR code (SVG). */
  readonly qrDataUrl: string;
  /** Only an http(s) URL, checked by the caller. */
  readonly buttonUrl: string | null;
  readonly buttonText: string | null;
  readonly pollIntervalMs: number;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1b1e23}
main{max-width:28rem;margin:0 auto;padding:1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08);margin-bottom:1rem}
h1{font-size:1.25rem;margin:0 0 .75rem}
.label{color:#5f6670;font-size:.85rem;margin:.75rem 0 .2rem}
.amount{font-size:1.6rem;font-weight:600}
.address{font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all;background:#f4f5f7;border-radius:8px;padding:.6rem;display:block}
.qr{display:block;width:100%;max-width:16rem;margin:1rem auto;image-rendering:pixelated}
button,.button{display:block;width:100%;border:0;border-radius:8px;padding:.8rem;font-size:1rem;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button{background:#e8ebef;color:#1b1e23;margin-top:.5rem}
.button{background:#1a56db;color:#fff}
.status{display:inline-block;border-radius:999px;padding:.15rem .7rem;font-size:.85rem;font-weight:600;background:#fff4d6;color:#7a5200}
body[data-status=PAID] .status{background:#dcf5e3;color:#0f5b2a}
body[data-status=UNRESOLVED] .status{background:#fde2e1;color:#8a1c17}
.done{font-size:3rem;text-align:center;margin:.5rem 0}
ul{padding-left:1.1rem;margin:.25rem 0}
[hidden]{display:none!important}
`;

/** Polls the public JSON and updates the page in place: status, screens, paid and due amounts, deposits. */
const SCRIPT = `
(function(){
  var body=document.body, id=body.dataset.publicId, every=Number(body.dataset.pollMs)||3000;
  var decimals=body.dataset.decimals===''?null:Number(body.dataset.decimals);
  var lastPaid=body.dataset.paid;
  function units(text){ if(text==null||decimals==null) return null; var p=String(text).split('.'); var f=(p[1]||'').padEnd(decimals,'0').slice(0,decimals); return BigInt(p[0]+f); }
  function whole(u){ var s=u.toString().padStart(decimals+1,'0'); if(decimals===0) return s; var i=s.slice(0,-decimals), f=s.slice(-decimals).replace(/0+$/,''); return f?i+'.'+f:i; }
  function text(id,value){ var el=document.getElementById(id); if(el) el.textContent=value; }
  function show(status){
    body.dataset.status=status; text('status',status==='CREATED'?'Awaiting payment':status==='PAID'?'Paid':'Needs review');
    document.getElementById('screen-pending').hidden=status!=='CREATED';
    document.getElementById('screen-paid').hidden=status!=='PAID';
    document.getElementById('screen-unresolved').hidden=status!=='UNRESOLVED';
  }
  function apply(inv){
    show(inv.status);
    if(inv.paidAmount!=null){ text('paid-amount',inv.paidAmount); document.getElementById('paid-row').hidden=inv.paidAmount==='0'; }
    var req=units(inv.requestedAmount), paid=units(inv.paidAmount);
    if(req!=null&&paid!=null){ var due=req>paid?req-paid:BigInt(0); text('amount-due',whole(due)); }
    if(inv.paidAmount!==lastPaid){ lastPaid=inv.paidAmount; var qr=document.getElementById('qr'); if(qr) qr.src='/pay/'+id+'/qr.svg?paid='+encodeURIComponent(String(inv.paidAmount)); }
  }
  function deposits(list){
    var ul=document.getElementById('deposits'); if(!ul) return; ul.textContent='';
    list.forEach(function(d){ var li=document.createElement('li'); li.textContent=d.amount+' '+(d.currency?d.currency.symbol:'')+' \\u2014 '+d.status.toLowerCase()+' ('+d.confirmations+' confirmations)'; ul.appendChild(li); });
    document.getElementById('deposits-card').hidden=list.length===0;
  }
  function poll(){
    Promise.all([
      fetch('/api/v1/public/invoices/'+id,{cache:'no-store'}).then(function(r){return r.ok?r.json():null;}),
      fetch('/api/v1/public/invoices/'+id+'/transactions',{cache:'no-store'}).then(function(r){return r.ok?r.json():null;})
    ]).then(function(res){ if(res[0]) apply(res[0]); if(res[1]) deposits(res[1]); }).catch(function(){}).then(function(){ setTimeout(poll,every); });
  }
  var copy=document.getElementById('copy-address');
  if(copy) copy.addEventListener('click',function(){
    var value=document.getElementById('address').textContent;
    var done=function(){ copy.textContent='Copied'; setTimeout(function(){copy.textContent='Copy address';},2000); };
    if(navigator.clipboard&&navigator.clipboard.writeText){ navigator.clipboard.writeText(value).then(done,function(){}); }
    else { var r=document.createRange(); r.selectNodeContents(document.getElementById('address')); var s=getSelection(); s.removeAllRanges(); s.addRange(r); }
  });
  setTimeout(poll,every);
})();
`;

const STATUS_TEXT: Record<PaymentPageModel['status'], string> = {
  CREATED: 'Awaiting payment',
  PAID: 'Paid',
  UNRESOLVED: 'Needs review',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, nonce: string, bodyAttributes: string, content: string, script: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body ${bodyAttributes}>
<main>
${content}
</main>
${script ? `<script nonce="${nonce}">${SCRIPT}</script>` : ''}
</body>
</html>`;
}

/** The page; every value from the database is escaped here, in one place. */
export function renderPaymentPage(m: PaymentPageModel, nonce: string): string {
  const e = escapeHtml;
  const attributes = [
    `data-public-id="${e(m.publicId)}"`,
    `data-status="${m.status}"`,
    `data-poll-ms="${m.pollIntervalMs}"`,
    `data-decimals="${m.decimals ?? ''}"`,
    `data-paid="${e(m.paidAmount ?? '')}"`,
  ].join(' ');
  const amount =
    m.amountDue === null
      ? `<div class="label">Amount</div><div class="amount">Any amount of ${e(m.currencyLabel)}</div>`
      : `<div class="label">Amount due</div><div class="amount"><span id="amount-due">${e(m.amountDue)}</span> ${e(m.currencyLabel)}</div>
<div class="label">Requested</div><div>${e(m.requestedAmount ?? '')} ${e(m.currencyLabel)}</div>`;
  const paid = `<div id="paid-row"${m.paidAmount === null || m.paidAmount === '0' ? ' hidden' : ''}><div class="label">Received so far</div><div><span id="paid-amount">${e(m.paidAmount ?? '0')}</span> ${e(m.currencyLabel)}</div></div>`;
  const button =
    m.buttonUrl === null
      ? ''
      : `<a id="merchant-button" class="button" href="${e(m.buttonUrl)}" rel="noopener noreferrer">${e(m.buttonText ?? 'Back to the shop')}</a>`;
  const content = `
<div class="card">
  <h1>Payment</h1>
  <span id="status" class="status">${STATUS_TEXT[m.status]}</span>
  <div class="label">Network</div><div id="network">${e(m.networkName)}</div>
  ${amount}
  ${paid}
</div>
<div class="card" id="screen-pending"${m.status === 'CREATED' ? '' : ' hidden'}>
  <div class="label">Send ${e(m.currencyLabel)} on ${e(m.networkName)} to</div>
  <code id="address" class="address">${e(m.address)}</code>
  <button id="copy-address" type="button">Copy address</button>
  <img id="qr" class="qr" src="${m.qrDataUrl}" alt="QR code of the payment address" data-uri="${e(m.paymentUri)}">
  <p class="label">Only send ${e(m.currencyLabel)} on ${e(m.networkName)}. The page updates by itself.</p>
</div>
<div class="card" id="screen-paid"${m.status === 'PAID' ? '' : ' hidden'}>
  <div class="done" aria-hidden="true">&#10003;</div>
  <h1>Paid in full. Thank you!</h1>
</div>
<div class="card" id="screen-unresolved"${m.status === 'UNRESOLVED' ? '' : ' hidden'}>
  <h1>Payment received, needs review</h1>
  <p>The amount or currency received differs from what was asked. The merchant will sort it out; please contact them.</p>
</div>
<div class="card" id="deposits-card" hidden>
  <div class="label">Payments seen</div>
  <ul id="deposits"></ul>
</div>
${button}`;
  return page('Payment', nonce, attributes, content, true);
}

export function renderNotFoundPage(nonce: string): string {
  return page(
    'Invoice not found',
    nonce,
    'data-status="NOT_FOUND"',
    `<div class="card"><h1>Invoice not found</h1><p>Check the link you were given, or ask the merchant for a new one.</p></div>`,
    false,
  );
}
