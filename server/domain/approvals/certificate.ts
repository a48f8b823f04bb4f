/**
 * GET /api/approvals/{id}/certificate.pdf (staff): the approval certificate of a decided request, drawn with pdf-lib —
 * the file's name, the version's number and SHA-256, the client, who asked and when, the outcome, and each step's
 * decision (who, when, from which address, the comment). Text is drawn in Helvetica (WinAnsi): a character it cannot
 * encode is shown as "?", never an error.
 */
import type { Request, Response } from 'express';
import { create as contentDisposition } from 'content-disposition';
import { TRPCError } from '@trpc/server';
import type { PDFFont } from 'pdf-lib';
import { M } from '../../../shared/messages';
import { idSchema } from '../../../shared/schemas/common';
import type { StaffScope } from '../context';
import { approvalNotFound } from './index';
import { anyDb, readRequest, type RequestRecord } from './read';

const A = M.approvals;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 56;

const when = (date: Date | null) => (date ? `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC` : '—');

/** Only what the font can encode: anything else becomes "?". */
function encodable(font: PDFFont, text: string) {
  let out = '';
  for (const ch of text.replace(/[\r\t]/g, ' ')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Words laid out in lines no wider than `width`; long words are cut. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        if (line) lines.push(line);
        lines.push(rest.slice(0, cut));
        line = '';
        rest = rest.slice(cut);
      }
      const candidate = line ? `${line} ${rest}` : rest;
      if (font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = rest;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

async function certificatePdf(request: RequestRecord, businessName: string): Promise<Uint8Array> {
  // Loaded on the first certificate: an app that never makes one does not carry pdf-lib.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${A.certificateTitle}: ${request.document.name}`);
  pdf.setAuthor(businessName);
  pdf.setSubject(request.version.sha256 ?? '');
  pdf.setCreationDate(new Date());
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const width = PAGE.width - 2 * MARGIN;

  const line = (text: string, options: { size?: number; strong?: boolean; indent?: number; gap?: number } = {}) => {
    const size = options.size ?? 10;
    const f = options.strong ? bold : font;
    for (const part of wrap(f, size, encodable(f, text), width - (options.indent ?? 0))) {
      if (y < MARGIN + size) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - MARGIN;
      }
      page.drawText(part, { x: MARGIN + (options.indent ?? 0), y, size, font: f, color: rgb(0.1, 0.1, 0.12) });
      y -= size * 1.4;
    }
    y -= options.gap ?? 0;
  };
  const field = (label: string, value: string) => {
    line(label, { strong: true, size: 9 });
    line(value, { indent: 12, gap: 4 });
  };

  line(A.certificateTitle, { size: 20, strong: true, gap: 4 });
  line(businessName, { size: 11, gap: 12 });
  field(A.certificateFile, request.document.name);
  field(A.certificateVersion, String(request.version.number));
  field(A.certificateSha, request.version.sha256 ?? A.certificateNoSha);
  field(A.certificateCompany, request.company.name);
  field(A.certificateRequested, `${request.requestedByName}, ${when(request.createdAt)}`);
  field(A.certificateStatus, `${A.statuses[request.status] ?? request.status}, ${when(request.decidedAt)}`);
  y -= 6;
  line(A.certificateSteps, { size: 13, strong: true, gap: 4 });
  for (const step of request.steps) {
    const who = step.contact ? `${step.contact.firstName} ${step.contact.lastName}`.trim() : A.anyContact;
    line(`${A.certificateStep(step.position + 1)}: ${who} — ${A.stepStatuses[step.status] ?? step.status}`, {
      strong: true,
    });
    if (step.decidedAt) {
      line(`${step.decidedByName ?? ''}, ${when(step.decidedAt)}`, { indent: 12 });
      line(`${A.certificateIp}: ${step.decidedIp ?? '—'}`, { indent: 12 });
      line(`${A.certificateSha}: ${step.versionSha256 ?? A.certificateNoSha}`, { indent: 12 });
      if (step.comment) line(`${A.certificateComment}: ${step.comment}`, { indent: 12 });
    } else line(A.certificateNotDecided, { indent: 12 });
    y -= 6;
  }
  // Uncompressed object streams keep the document readable by simple tools; page text is still deflated.
  return pdf.save({ useObjectStreams: false });
}

/** The route's handler: a decided request of the agency, else 404 / 400 with a sentence. */
export async function approvalCertificate(scope: StaffScope, req: Request, res: Response) {
  const parsed = idSchema.safeParse(req.params.id);
  if (!parsed.success) return approvalNotFound();
  const request = (await readRequest(anyDb(scope.db), scope.businessId, parsed.data)) ?? approvalNotFound();
  if (request.status !== 'approved' && request.status !== 'changes_requested')
    throw new TRPCError({ code: 'BAD_REQUEST', message: A.notDecided });
  const bytes = await certificatePdf(request, scope.session.business.name);
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', contentDisposition(A.certificateFileName(request.document.name, request.id)));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(Buffer.from(bytes));
}
