import type { MailRow } from '../../db/schema';
import { escapeHtml } from '../mail/html';

const linkPattern = /https?:\/\/[^\s<>"']+/g;

/** Plain text with its links made clickable; everything else escaped. */
function textWithLinks(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const index = match.index ?? 0;
    html += escapeHtml(text.slice(last, index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}">${url}</a>`;
    last = index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

function messageCard(mail: MailRow): string {
  const status = mail.status.toLowerCase();
  return `<article class="message">
  <header>
    <h2>${escapeHtml(mail.subject)}</h2>
    <span class="status status-${status}">${escapeHtml(mail.status)}</span>
  </header>
  <dl>
    <dt>To</dt><dd><a href="?to=${encodeURIComponent(mail.to_address)}">${escapeHtml(mail.to_address)}</a></dd>
    <dt>Queued</dt><dd><time datetime="${mail.created_at.toISOString()}">${escapeHtml(mail.created_at.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></dd>
    ${Object.entries(mail.headers)
      .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${textWithLinks(value)}</dd>`)
      .join('\n    ')}
  </dl>
  <pre>${textWithLinks(mail.text)}</pre>
</article>`;
}

/** The local mailbox as a page: every e-mail the app sent, newest first, links clickable. */
export function renderMailboxPage(messages: MailRow[], to: string | undefined): string {
  const heading = to ? `Mail to ${escapeHtml(to)}` : 'All mail';
  const body =
    messages.length === 0
      ? '<p class="empty">No messages yet. Register or ask for a password reset, then reload this page.</p>'
      : messages.map(messageCard).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox · Uplink</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f5f7; color: #1f2933; }
  main { max-width: 860px; margin: 0 auto; padding: 32px 20px 64px; }
  h1 { font-size: 24px; margin: 0 0 4px; }
  .lead { margin: 0 0 24px; color: #52606d; }
  .lead a { color: #0b7285; }
  .message { background: #fff; border: 1px solid #e4e7eb; border-radius: 10px; padding: 20px; margin-bottom: 16px; }
  .message header { display: flex; justify-content: space-between; gap: 12px; align-items: baseline; }
  .message h2 { font-size: 17px; margin: 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 12px 0; font-size: 14px; }
  dt { color: #52606d; } dd { margin: 0; } dd a { color: #0b7285; }
  pre { white-space: pre-wrap; word-break: break-word; font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace;
        background: #f9fafb; border-radius: 8px; padding: 14px; margin: 0; }
  pre a { color: #0b7285; }
  /* Every text colour keeps WCAG AA contrast (4.5:1) on its background. */
  .status { font-size: 12px; font-weight: 600; padding: 2px 8px; border-radius: 999px; background: #e4e7eb; }
  .status-sent { background: #d3f9d8; color: #1b5e20; }
  .status-pending { background: #fff3bf; color: #6b4a00; }
  .status-failed { background: #ffe3e3; color: #9b1c1c; }
  .empty { background: #fff; border: 1px dashed #cbd2d9; border-radius: 10px; padding: 24px; color: #52606d; }
</style>
</head>
<body>
<main>
  <h1>Dev mailbox</h1>
  <p class="lead">${heading} · ${messages.length} message${messages.length === 1 ? '' : 's'}${to ? ' · <a href="/dev/mailbox">show all</a>' : ''}. Only available outside production.</p>
  ${body}
</main>
</body>
</html>`;
}
