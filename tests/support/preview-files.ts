/**
 * Files for the preview tests, made here rather than kept as binaries: images by sharp, PDFs and hostile PNGs by
 * hand (a few lines each), so a test says what is in its file.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';

/** A PNG of width × height in two colours (a photo-like file for the thumbnail). */
export const pngImage = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .composite([
      {
        input: {
          create: {
            width: Math.ceil(width / 2),
            height: Math.ceil(height / 2),
            channels: 3,
            background: { r: 250, g: 180, b: 20 },
          },
        },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a well-formed 1-bit PNG of side × side pixels (15,000² = 225 million, under libvips' own
 * default limit) whose rows of zeros deflate to a few tens of kilobytes.
 */
export function bombPng(side = 15_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Math.ceil(side / 8) + 1;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(row * side), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose signature and header are right and whose pixel data is noise. */
export async function corruptPng(): Promise<Buffer> {
  const good = await pngImage(64, 64);
  const broken = Buffer.from(good);
  for (let i = 60; i < broken.length - 12; i++) broken[i] = (i * 7919) & 0xff;
  return broken;
}

/** A PDF of `pages` pages (US Letter), each saying its number: a small valid file with its cross-reference table. */
export function pdfDocument(pages: number, { width = 612, height = 792 } = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('');
  add('');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (let i = 1; i <= pages; i++) {
    const text = `0.9 0.9 1 rg 0 0 ${width} ${height} re f 0 0 0 rg BT /F1 48 Tf 72 ${height - 144} Td (Page ${i}) Tj ET 0.2 0.4 0.9 rg 72 72 ${width - 144} 200 re f`;
    const content = add(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[0] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Not a PDF past its first line. */
export const brokenPdf = () =>
  Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\nstream garbage \x00\x01\x02', 'latin1');
