import { toLanguageCode } from '@loupe/contracts';
import { escapeHtml, type Mailer } from '../../core/mailer.js';
import type { LinkPurpose } from './one-time-token.repository.js';

type MailLanguage = 'tr' | 'en';
type MailTexts = { subject: string; greeting: string; body: string; action: string; footer: string };

const TEXTS: Record<LinkPurpose, Record<MailLanguage, MailTexts>> = {
  'reset-password': {
    tr: {
      subject: 'Loupe parola sıfırlama',
      greeting: 'Merhaba {name},',
      body: 'Parolanızı sıfırlamak için aşağıdaki bağlantıyı açın. Bağlantı 12 saat geçerlidir ve yalnızca bir kez kullanılabilir.',
      action: 'Parolamı sıfırla',
      footer: 'Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz; parolanız değişmez.',
    },
    en: {
      subject: 'Reset your Loupe password',
      greeting: 'Hello {name},',
      body: 'Open the link below to reset your password. The link is valid for 12 hours and can be used once.',
      action: 'Reset my password',
      footer: 'If you did not ask for this, you can ignore this email; your password stays the same.',
    },
  },
  'confirm-email': {
    tr: {
      subject: 'Loupe e-posta doğrulama',
      greeting: 'Merhaba {name},',
      body: 'E-posta adresinizi doğrulamak için aşağıdaki bağlantıyı açın. Bağlantı 12 saat geçerlidir ve yalnızca bir kez kullanılabilir.',
      action: 'E-postamı doğrula',
      footer: 'Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.',
    },
    en: {
      subject: 'Confirm your Loupe email',
      greeting: 'Hello {name},',
      body: 'Open the link below to confirm your email address. The link is valid for 12 hours and can be used once.',
      action: 'Confirm my email',
      footer: 'If you did not ask for this, you can ignore this email.',
    },
  },
};

/** The console page each link opens (web routes /resetPassword/:resetCode and /confirm-email/:code). */
const LINK_PATHS: Record<LinkPurpose, string> = {
  'reset-password': '/resetPassword/',
  'confirm-email': '/confirm-email/',
};

/** Turkish by default; languages without their own wording read English, as the console does. */
function mailLanguage(language: string | null): MailLanguage {
  const code = toLanguageCode(language) ?? 'tr';
  return code === 'tr' ? 'tr' : 'en';
}

export type MailRecipient = { email: string; fullName: string; language: string | null };

/** Composes and sends the account mails: a link to reset the password or to confirm the email address. */
export function createAccountMails({ mailer, publicUrl }: { mailer: Mailer; publicUrl: string }) {
  return {
    /** Sends the link; a failure throws (the mail job is then tried again, link-mails.ts). */
    async sendLink(purpose: LinkPurpose, user: MailRecipient, token: string): Promise<void> {
      const texts = TEXTS[purpose][mailLanguage(user.language)];
      const link = `${publicUrl}${LINK_PATHS[purpose]}${token}`;
      const greeting = texts.greeting.replace('{name}', user.fullName);
      const text = [greeting, '', texts.body, '', link, '', texts.footer].join('\n');
      const html = [
        `<p>${escapeHtml(greeting)}</p>`,
        `<p>${escapeHtml(texts.body)}</p>`,
        `<p><a href="${escapeHtml(link)}">${escapeHtml(texts.action)}</a></p>`,
        `<p>${escapeHtml(texts.footer)}</p>`,
      ].join('\n');
      await mailer.send({ to: user.email, subject: texts.subject, text, html });
    },
  };
}

export type AccountMails = ReturnType<typeof createAccountMails>;
