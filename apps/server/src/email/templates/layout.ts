import { APP_NAME } from "@app/shared";
import mjml2html from "mjml";
import { escapeHtml } from "../escape-html";

/**
 * What an e-mail says, as blocks: each is rendered twice, in HTML (through MJML, one layout for every e-mail) and in
 * plain text. Every string is text, never markup: it is escaped here, so what users or networks wrote (a name, a
 * post, a network's error) can never add HTML to a message.
 */
export type EmailBlock =
  | { heading: string }
  | { paragraph: string }
  /** a call to action: a button in HTML, the label and the address on lines of their own in text */
  | { button: { label: string; url: string } }
  /** a titled list of lines (the digest's groups) */
  | { list: { title: string; items: readonly string[] } }
  /** small print under the body */
  | { note: string };

export interface EmailContent {
  subject: string;
  blocks: readonly EmailBlock[];
  /**
   * The signed link to the page that stops this kind of e-mail (notification e-mails), offered in the footer (the
   * message's List-Unsubscribe header is the mailer's). None for the e-mails a person asked for (a reset link, an
   * invitation).
   */
  unsubscribeUrl?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Only web links are put in a message: anything else (javascript:, data:) is refused as a bug. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new TypeError("e-mail links must be http(s)");
  return parsed.toString();
}

const FONT = 'font-family="Helvetica, Arial, sans-serif"';

function blockMjml(block: EmailBlock): string {
  if ("heading" in block) {
    return `<mj-text ${FONT} font-size="20px" font-weight="bold" color="#111827">${escapeHtml(block.heading)}</mj-text>`;
  }
  if ("paragraph" in block) {
    const lines = block.paragraph.split("\n").map(escapeHtml).join("<br />");
    return `<mj-text ${FONT} font-size="15px" line-height="22px" color="#374151">${lines}</mj-text>`;
  }
  if ("button" in block) {
    return `<mj-button ${FONT} background-color="#4f46e5" color="#ffffff" border-radius="6px" align="left" href="${escapeHtml(
      safeUrl(block.button.url),
    )}">${escapeHtml(block.button.label)}</mj-button>`;
  }
  if ("list" in block) {
    const items = block.list.items.map((i) => `<li>${escapeHtml(i)}</li>`).join("");
    return `<mj-text ${FONT} font-size="15px" line-height="22px" color="#374151"><strong>${escapeHtml(
      block.list.title,
    )}</strong><ul style="margin:4px 0 0;padding-left:20px">${items}</ul></mj-text>`;
  }
  return `<mj-text ${FONT} font-size="13px" color="#6b7280">${escapeHtml(block.note)}</mj-text>`;
}

function blockText(block: EmailBlock): string {
  if ("heading" in block) return block.heading;
  if ("paragraph" in block) return block.paragraph;
  if ("button" in block) return `${block.button.label}:\n${safeUrl(block.button.url)}`;
  if ("list" in block) return [`${block.list.title}`, ...block.list.items.map((i) => `- ${i}`)].join("\n");
  return block.note;
}

/** The footer's words, in both parts. */
export const EMAIL_FOOTER = {
  sentBy: `Sent by ${APP_NAME}.`,
  unsubscribe: "Unsubscribe from these e-mails",
  unsubscribeText: "To stop these e-mails, open:",
} as const;

/** Renders an e-mail in the one layout: the product's name on top, the blocks, the footer (and its unsubscribe link). */
export async function renderEmail(content: EmailContent): Promise<RenderedEmail> {
  const unsubscribeUrl = content.unsubscribeUrl ? safeUrl(content.unsubscribeUrl) : undefined;
  const footer = unsubscribeUrl
    ? `${escapeHtml(EMAIL_FOOTER.sentBy)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">${escapeHtml(
        EMAIL_FOOTER.unsubscribe,
      )}</a>`
    : escapeHtml(EMAIL_FOOTER.sentBy);
  const source = `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(content.subject)}</mj-title>
    <mj-preview>${escapeHtml(content.subject)}</mj-preview>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text ${FONT} font-size="18px" font-weight="bold" color="#4f46e5">${escapeHtml(APP_NAME)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="16px 8px">
      <mj-column>
        ${content.blocks.map(blockMjml).join("\n        ")}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text ${FONT} font-size="12px" color="#6b7280" align="center">${footer}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { html, errors } = await mjml2html(source, { validationLevel: "strict", keepComments: false });
  if (errors.length > 0) throw new Error(`e-mail template: ${errors.map((e) => e.formattedMessage).join("; ")}`);
  const text = [
    ...content.blocks.map(blockText),
    "--",
    EMAIL_FOOTER.sentBy,
    ...(unsubscribeUrl ? [`${EMAIL_FOOTER.unsubscribeText} ${unsubscribeUrl}`] : []),
  ].join("\n\n");
  return { subject: content.subject, html, text };
}
