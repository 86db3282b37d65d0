/**
 * The membership terms as a PDF (pdfkit, the PDF's standard Helvetica: its WinAnsi encoding covers the
 * French accents and typographic apostrophes). Built from the same text the terms page shows.
 */
import type { Language, TermsDocument } from '@omo/domain';

/** Renders a terms text to a PDF; resolves with its bytes. */
export async function renderTermsPdf(doc: TermsDocument, lang: Language): Promise<Buffer> {
  // Loaded on the first PDF asked for: a start does not need it.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'LETTER',
      margin: 64,
      lang: lang === 'fr' ? 'fr-CA' : 'en-CA',
      info: { Title: doc.title, Subject: doc.title },
      displayTitle: true,
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);

    pdf.font('Helvetica-Bold').fontSize(18).text(doc.title);
    pdf.moveDown(1);
    for (const section of doc.sections) {
      pdf.font('Helvetica-Bold').fontSize(12).text(section.heading);
      pdf.moveDown(0.3);
      for (const paragraph of section.paragraphs) {
        pdf.font('Helvetica').fontSize(10.5).text(paragraph, { align: 'left', lineGap: 2 });
        pdf.moveDown(0.6);
      }
      pdf.moveDown(0.4);
    }
    pdf.end();
  });
}
