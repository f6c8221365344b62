import { Controller, Get, Header, Inject, Injectable, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import { ApiError } from '../http/api-error';
import { DATA_SOURCE } from '../tokens';

interface MailboxMessage {
  id: string;
  /** An email, or a text message (SMS) whose `to` is the phone number. */
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  template: string;
  status: string;
  /** Why a mail was not sent (`turned off: messages`, an erased recipient…); null for one that went. */
  reason: string | null;
  created_at: string;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every link in a message, so tests and people can follow verification and reset links. */
export const extractLinks = (text: string, html: string): string[] => {
  const links = new Set<string>();
  for (const match of html.matchAll(/href="([^"]+)"/g)) links.add((match[1] ?? '').replace(/&amp;/g, '&'));
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) links.add(match[0]);
  return [...links];
};

/** Loopback addresses: the machine itself (IPv4, IPv6, and IPv4 mapped into IPv6). */
export const isLoopback = (ip: string): boolean => /^127\./.test(ip) || ip === '::1' || /^::ffff:127\./.test(ip);

/**
 * The mailbox holds live verification, reset and sign-in links: it is shown
 * only to requests from this machine (as seen through TRUST_PROXY), and is a
 * plain 404 to everyone else.
 */
@Injectable()
export class LoopbackOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!isLoopback(request.ip)) throw new ApiError(404, 'NOT_FOUND', 'Not found');
    return true;
  }
}

/**
 * The local mailbox of the embedded mode (no SMTP_URL): registered only
 * outside production, so verification and reset links work on a laptop.
 */
@Controller('dev')
@UseGuards(LoopbackOnlyGuard)
export class DevMailboxController {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  private async messages(): Promise<MailboxMessage[]> {
    const [mails, texts] = await Promise.all([this.mails(), this.texts()]);
    return [...mails, ...texts].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id)).slice(0, 200);
  }

  /** Text messages kept because no SMS provider is configured (the SMS port's local adapter). */
  private async texts(): Promise<MailboxMessage[]> {
    const rows: { id: string; recipient: string; body: string; purpose: string; created_at: Date }[] = await this.dataSource.query(
      `SELECT id, recipient, body, purpose, created_at FROM dev_sms_messages ORDER BY created_at DESC, id LIMIT 200`,
    );
    return rows.map((r) => ({
      id: r.id,
      channel: 'sms',
      to: r.recipient,
      subject: `Text message (${r.purpose})`,
      text: r.body,
      html: '',
      links: extractLinks(r.body, ''),
      template: r.purpose,
      status: 'sent',
      reason: null,
      created_at: r.created_at.toISOString(),
    }));
  }

  private async mails(): Promise<MailboxMessage[]> {
    const rows: {
      id: string;
      recipient: string;
      subject: string;
      text_body: string;
      html_body: string;
      template: string;
      status: string;
      error: string | null;
      created_at: Date;
    }[] = await this.dataSource.query(
      // Mail kept here instead of sent, and mail the pipeline held back (whatever the transport), with the reason.
      `SELECT id, recipient, subject, text_body, html_body, template, status, error, created_at
         FROM email_messages WHERE transport = 'mailbox' OR status = 'skipped' ORDER BY created_at DESC, id LIMIT 200`,
    );
    return rows.map((r) => ({
      id: r.id,
      channel: 'email' as const,
      to: r.recipient,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      links: extractLinks(r.text_body, r.html_body),
      template: r.template,
      status: r.status,
      reason: r.status === 'sent' ? null : r.error,
      created_at: r.created_at.toISOString(),
    }));
  }

  @Get('mailbox.json')
  async mailboxJson(): Promise<{ messages: MailboxMessage[] }> {
    return { messages: await this.messages() };
  }

  @Get('mailbox')
  @Header('content-type', 'text/html; charset=utf-8')
  async mailbox(): Promise<string> {
    const messages = await this.messages();
    const items = messages
      .map(
        (m) => `<article class="${m.channel}${m.status === 'skipped' ? ' skipped' : ''}"><header><span class="channel">${m.channel === 'sms' ? 'SMS' : 'Email'}</span>${
          m.status === 'skipped' ? `<span class="channel">Not sent</span>` : ''
        }<strong>${escapeHtml(m.subject || m.template)}</strong> to ${escapeHtml(m.to || '(no address)')}
<time datetime="${m.created_at}">${new Date(m.created_at).toLocaleString('en-GB')}</time></header>
${m.status === 'skipped' ? `<p class="reason">Skipped (${escapeHtml(m.template)}): ${escapeHtml(m.reason ?? 'no reason recorded')}</p>` : ''}<pre>${escapeHtml(m.text)}</pre>${m.links.map((l) => `<a href="${escapeHtml(l)}">${escapeHtml(l)}</a>`).join('<br>')}</article>`,
      )
      .join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#0b2540}
article{border:1px solid #c9d6e3;border-radius:8px;padding:1rem;margin:1rem 0}header{display:flex;gap:.5rem;flex-wrap:wrap}
time{color:#5b6b7b;margin-left:auto}.channel{font-size:.75rem;font-weight:600;text-transform:uppercase;border-radius:4px;padding:0 .4rem;background:#e4edf6}
article.sms{border-color:#7fb3a0;background:#f3faf7}article.sms .channel{background:#cdeadf}
article.skipped{border-style:dashed;background:#f7f8fa;color:#3c4a58}.reason{margin:.5rem 0 0;font-weight:600}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Local mailbox</h1><p>Mail the app would send, kept here because SMTP_URL is not set, and text messages (SMS) it would send, kept here because no SMS provider is configured. Mail that was not sent at all (a kind of mail its recipient turned off, an erased account) is listed too, marked "Not sent", with the reason. Newest first.</p>
${items || '<p>No mail yet.</p>'}</body></html>`;
  }
}
