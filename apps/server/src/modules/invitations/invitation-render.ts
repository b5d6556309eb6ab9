import { fillPlaceholders } from '@loupe/contracts';
import sanitizeHtml from 'sanitize-html';
import { linkPlaceholderValues, type InvitationLinks } from '../message-templates/index.js';

/*
 * An invitation's or reminder's text for one invitee (docs/invitations.md): the survey's template with every
 * `{{Placeholder}}` filled as the respondent API and the template preview fill them (shell spec §3).
 */

/** What an e-mail template may keep: formatting, links and images; never scripts or event handlers. */
const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'center'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    '*': ['style', 'dir', 'lang', 'align'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
};

/** Every placeholder's value: the invitee's, and the links in their plain and `…Html` forms. */
function placeholderValues(
  invitee: Record<string, string | null>,
  links: InvitationLinks,
  options: { html: boolean },
): Record<string, string | null> {
  return { ...invitee, ...linkPlaceholderValues(links, options) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * A rich-text body as plain text: scripts and styles dropped, paragraphs, line breaks and list items become lines, a link keeps its address
 * after its text, the other tags go, entities are decoded. Placeholders pass through untouched.
 */
export function htmlToText(html: string): string {
  const withLinks = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(
      /<a\b[^>]*\bhref\s*=\s*["']([^"']*)["'][^>]*>([\s\S]*?)<\/a>/gi,
      (_match, href: string, label: string) => {
        const shown = label.replace(/<[^>]*>/g, '').trim();
        return shown === '' || shown === href ? href : `${shown} (${href})`;
      },
    );
  return withLinks
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|ul|ol)>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export type RenderedEmail = { subject: string; html: string; text: string };

/** An e-mail: the HTML body (values escaped, links as anchors, sanitised) and its plain-text twin. */
export function renderEmail(
  template: { Subject: string | null; Body: string },
  { invitee, links, fallbackSubject, language }: RenderInput & { fallbackSubject: string; language: string },
): RenderedEmail {
  const htmlValues = placeholderValues(invitee, links, { html: true });
  const textValues = placeholderValues(invitee, links, { html: false });
  const body = sanitizeHtml(fillPlaceholders(template.Body, htmlValues, { html: true }), SANITISE);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return {
    subject: fillPlaceholders(template.Subject ?? fallbackSubject, textValues, { html: false }).replace(
      /[\r\n]+/g,
      ' ',
    ),
    html: `<!doctype html><html lang="${language}" dir="${dir}"><body>${body}</body></html>`,
    text: fillPlaceholders(htmlToText(template.Body), textValues, { html: false }),
  };
}

type RenderInput = {
  invitee: Record<string, string | null>;
  links: InvitationLinks;
};

/** A text message (SMS): the body as plain text with plain links. */
export function renderText(template: { Body: string }, { invitee, links }: RenderInput): string {
  return fillPlaceholders(htmlToText(template.Body), placeholderValues(invitee, links, { html: false }), {
    html: false,
  });
}
