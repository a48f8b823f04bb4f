/**
 * The new text of an e-mail reply, without the quoted history and the signature. The well-kept `email-reply-parser`
 * (Crisp's, used on about a million inbound e-mails a day) does most of it: "On … wrote:" headers in a dozen
 * languages and as Gmail wraps them, "> " quotes, "-- " and mobile signatures ("Sent from my iPhone"), Outlook's
 * "From: Name <address>" header and "-----Original Message-----". Before it, a linear pass cuts what it misses:
 * Outlook's header block when the From line carries no address ("From: Jane Doe" then "Sent: …"), and the
 * "Original Message" separators of more languages.
 *
 * Bounds: its patterns backtrack polynomially on long lines without a line break (32,000 such characters took two
 * seconds), so it reads at most MAX_SCANNED_CHARS, and a line longer than LONG_LINE_CHARS is shown to it as a short
 * stand-in and put back afterwards (a quote header is never that long). tests/unit/inbound-quotes.test.ts has the cases.
 */
import EmailReplyParser from 'email-reply-parser';

/** A reply holds at most 10,000 characters (a message's limit): what follows is quoted history, scanned this far. */
const MAX_SCANNED_CHARS = 16_000;
const LONG_LINE_CHARS = 1_000;

/** "From:" in the languages Outlook writes its reply header in. */
const FROM_LINE =
  /^\s*\*?(From|Von|De|Da|Van|Från|Fra|Od|От|Lähettäjä|Feladó|Kimden|差出人|发件人|寄件者)\s*\*?\s*:\s*\S/i;
/** The lines that follow it in that header: when it was sent, and to whom. */
const HEADER_LINE =
  /^\s*\*?(Sent|Date|To|Subject|Cc|Gesendet|Datum|An|Betreff|Envoyé|Date|À|Objet|Enviado|Fecha|Para|Asunto|Inviato|Data|A|Oggetto|Verzonden|Aan|Onderwerp|Skickat|Till|Ämne|Sendt|Til|Emne|Wysłano|Do|Temat|Отправлено|Кому|Тема|Lähetetty|Vastaanottaja|Aihe|送信日時|宛先|件名|发送时间|收件人|主题)\s*\*?\s*:/i;
/** "-----Original Message-----" and its translations. */
const ORIGINAL_MESSAGE =
  /^\s*-{2,}\s*(Original Message|Ursprüngliche Nachricht|Message d'origine|Mensaje original|Messaggio originale|Oorspronkelijk bericht|Originalmeddelande|Oprindelig meddelelse|Opprinnelig melding|Wiadomość oryginalna|Исходное сообщение|Alkuperäinen viesti|Mensagem original|Původní zpráva|Eredeti üzenet)\s*-{2,}\s*$/i;
/** Outlook's rule above its header block. */
const RULE = /^\s*_{10,}\s*$/;

/** The index of the first line of quoted history that email-reply-parser would miss, or -1. */
function quotedHistoryStart(lines: string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.length > LONG_LINE_CHARS) continue;
    if (ORIGINAL_MESSAGE.test(line)) return i;
    if (FROM_LINE.test(line)) {
      // An Outlook header: From, then at least one of Sent/Date/To/Subject within the next three lines.
      const next = lines.slice(i + 1, i + 4).filter((l) => l.trim() !== '');
      if (next.length > 0 && HEADER_LINE.test(next[0])) return i > 0 && RULE.test(lines[i - 1]) ? i - 1 : i;
    }
  }
  return -1;
}

/** The reply's own text: trimmed, at most two blank lines in a row, quoted history and signature removed. */
export function stripQuotedReply(text: string): string {
  let lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .slice(0, MAX_SCANNED_CHARS)
    .split('\n');
  const cut = quotedHistoryStart(lines);
  if (cut >= 0) lines = lines.slice(0, cut);
  // Long lines go to the parser as stand-ins (\uE000, a private-use character removed from the text first), then come back.
  const long: string[] = [];
  const shown = lines.map((line) => {
    if (line.length <= LONG_LINE_CHARS) return line.replace(/\uE000/g, '');
    long.push(line);
    return `\uE000${long.length - 1}\uE000`;
  });
  const visible = new EmailReplyParser().read(shown.join('\n')).getVisibleText();
  return visible
    .replace(/\uE000(\d+)\uE000/g, (_, index: string) => long[Number(index)])
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
