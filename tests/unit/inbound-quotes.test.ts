import { describe, expect, it } from 'vitest';
import { stripQuotedReply } from '../../server/inbound-mail/quotes';

/** Replies as real clients write them (plain-text parts, as mailparser hands them over): [client, mail, reply]. */
const REPLIES: [string, string, string][] = [
  [
    'Gmail (English)',
    'Thanks, the launch date works for us.\n\nOn Thu, Nov 26, 2026 at 3:04 PM Jane Doe <jane@agency.example> wrote:\n> Could you confirm the launch date?\n> Best,\n> Jane\n',
    'Thanks, the launch date works for us.',
  ],
  [
    'Gmail, header wrapped over two lines',
    'Sounds good.\n\nOn Thu, Nov 26, 2026 at 3:04 PM Jane Doe via Acme <\nreply+abcdefghijklmnopqrstuvwxyz234567@in.example> wrote:\n\n> Hello\n',
    'Sounds good.',
  ],
  [
    'Apple Mail on iPhone, with its signature',
    'Yes please.\n\nSent from my iPhone\n\n> On 26 Nov 2026, at 15:04, Jane Doe <jane@agency.example> wrote:\n> \n> Hello\n',
    'Yes please.',
  ],
  [
    'Apple Mail on a Mac',
    'Attached is the logo.\n\n> On 26. Nov 2026, at 15:04, Jane Doe <jane@agency.example> wrote:\n>\n> Could you send the logo?\n',
    'Attached is the logo.',
  ],
  [
    'Outlook (rule, From with address, Sent)',
    'Approved.\r\n\r\n________________________________\r\nFrom: Jane Doe <jane@agency.example>\r\nSent: Thursday, November 26, 2026 3:04 PM\r\nTo: Bob <bob@client.example>\r\nSubject: Launch\r\n\r\nHello Bob\r\n',
    'Approved.',
  ],
  [
    'Outlook, From without an address',
    'Approved, go ahead.\n\nFrom: Jane Doe\nSent: Thursday, November 26, 2026 3:04 PM\nTo: Bob Smith\nSubject: RE: Launch\n\nHello Bob\n',
    'Approved, go ahead.',
  ],
  [
    'Outlook in German',
    'Passt so.\n\nVon: Jane Doe\nGesendet: Donnerstag, 26. November 2026 15:04\nAn: Bob\nBetreff: Start\n\nHallo Bob\n',
    'Passt so.',
  ],
  [
    'Outlook with bold header labels',
    'Fine.\n\n*From:* Jane Doe\n*Sent:* Thursday, November 26, 2026 3:04 PM\n*To:* Bob\n\nHi\n',
    'Fine.',
  ],
  [
    '-----Original Message-----',
    'See the attached draft.\n\n-----Original Message-----\nFrom: Jane Doe [mailto:jane@agency.example]\nSent: Thursday\nTo: bob\n\nHello\n',
    'See the attached draft.',
  ],
  [
    'Original message in French',
    "Voici le fichier.\n\n-------- Message d'origine --------\nDe : Jane\nDate : jeudi\n\nBonjour\n",
    'Voici le fichier.',
  ],
  [
    'Thunderbird in French',
    "D'accord pour mardi.\n\nLe jeu. 26 nov. 2026 à 15:04, Jane Doe <jane@agency.example> a écrit :\n> Bonjour\n",
    "D'accord pour mardi.",
  ],
  [
    'Gmail in German',
    'Passt.\n\nAm Do., 26. Nov. 2026 um 15:04 Uhr schrieb Jane Doe <jane@agency.example>:\n> Hallo\n',
    'Passt.',
  ],
  [
    'Gmail in Spanish',
    'Vale, gracias.\n\nEl jue, 26 nov 2026 a las 15:04, Jane Doe (<jane@agency.example>) escribió:\n> Hola\n',
    'Vale, gracias.',
  ],
  [
    'Gmail in Portuguese',
    'Combinado.\n\nEm qui., 26 de nov. de 2026 às 15:04, Jane Doe <jane@agency.example> escreveu:\n> Olá\n',
    'Combinado.',
  ],
  ['a "-- " signature', 'Fine by me.\n\n-- \nBob Smith\nACME Inc.\n+1 555 0100\n', 'Fine by me.'],
  [
    'a signature and then the quote',
    'Fine by me.\n\n-- \nBob Smith\n\nOn Thu, Nov 26, 2026 at 3:04 PM Jane <jane@agency.example> wrote:\n> Hi\n',
    'Fine by me.',
  ],
  ['only "> " quotes, no header', 'Yes, Tuesday.\n\n> Could we meet on Tuesday?\n> Jane\n', 'Yes, Tuesday.'],
  [
    'several paragraphs',
    'First paragraph.\n\nSecond paragraph, with more.\n\n\n\nThird.\n\nOn Thu, Nov 26, 2026 at 3:04 PM Jane <jane@agency.example> wrote:\n> Hi\n',
    'First paragraph.\n\nSecond paragraph, with more.\n\nThird.',
  ],
  ['no quote at all', 'Just a note.\nSecond line.', 'Just a note.\nSecond line.'],
  [
    '"On" and "regards" inside sentences stay',
    'On Monday we will ship it.\nI send my regards to the team.',
    'On Monday we will ship it.\nI send my regards to the team.',
  ],
  ['an empty reply above a quote', '\n\nOn Thu, Nov 26, 2026 at 3:04 PM Jane <jane@agency.example> wrote:\n> Hi\n', ''],
];

describe('stripQuotedReply', () => {
  it.each(REPLIES)('%s', (_client, mail, reply) => {
    expect(stripQuotedReply(mail)).toBe(reply);
  });

  it('keeps a very long line (a pasted paragraph) whole', () => {
    const paragraph = 'word '.repeat(2_000).trim();
    const mail = `${paragraph}\n\nOn Thu, Nov 26, 2026 at 3:04 PM Jane <jane@agency.example> wrote:\n> Hi\n`;
    expect(stripQuotedReply(mail)).toBe(paragraph);
  });

  it('reads at most 16,000 characters of a huge mail', () => {
    const mail = 'a\n'.repeat(100_000);
    expect(stripQuotedReply(mail).length).toBeLessThanOrEqual(16_000);
  });
});
