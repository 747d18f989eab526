import { escapeHtml } from './html';

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

export interface MailLayoutInput {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  closing: string;
  /** A link after the closing (a notice's unsubscribe page). */
  closingLink?: { label: string; url: string };
}

/**
 * One e-mail in both forms: HTML for mail clients that render it and plain text for the rest.
 * Every piece of text is escaped here, so callers can pass names exactly as members typed them.
 */
export function renderMail(input: MailLayoutInput): MailContent {
  const url = escapeHtml(input.action.url);
  const paragraphs = input.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph)}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b7285">Uplink</p>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(input.greeting)}</p>
${paragraphs}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#0b7285;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(input.action.label)}</a></p>
<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#52606d">If the button does not work, copy this link into your browser:<br><a href="${url}" style="color:#0b7285;word-break:break-all">${url}</a></p>
<p style="margin:0;line-height:1.5;font-size:13px;color:#52606d">${escapeHtml(input.closing)}${
    input.closingLink
      ? ` <a href="${escapeHtml(input.closingLink.url)}" style="color:#0b7285">${escapeHtml(input.closingLink.label)}</a>`
      : ''
  }</p>
</td></tr></table>
</td></tr></table>
</body>
</html>`;
  const text = [
    input.greeting,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    `${input.action.label}: ${input.action.url}`,
    '',
    input.closing,
    ...(input.closingLink ? [`${input.closingLink.label}: ${input.closingLink.url}`] : []),
    '',
    '— Uplink',
  ].join('\n');
  return { subject: input.subject, html, text };
}

/** A moment as mail writes it ("2026-12-26 14:00 UTC"): a mail read late still says the truth. */
export function mailMoment(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
