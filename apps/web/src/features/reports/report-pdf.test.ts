import { describe, expect, it } from 'vitest';
import { pdfFileName, pdfSlices } from './report-pdf';

const at = new Date('2026-11-21T12:30:05.123Z');

describe('pdfFileName', () => {
  it('names the file after the title and the ISO timestamp of the export', () => {
    expect(pdfFileName('NPS Overview', at)).toBe('NPS Overview_2026-11-21T12-30-05.123Z.pdf');
  });

  it('keeps non-Latin titles and replaces what a file system refuses', () => {
    expect(pdfFileName('Şube / Kanal: "Q4"?', at)).toBe('Şube - Kanal- -Q4--_2026-11-21T12-30-05.123Z.pdf');
    expect(pdfFileName('تقرير', at)).toBe('تقرير_2026-11-21T12-30-05.123Z.pdf');
  });

  it('falls back to a name for a blank title', () => {
    expect(pdfFileName('  ', at)).toBe('report_2026-11-21T12-30-05.123Z.pdf');
  });
});

describe('pdfSlices', () => {
  // Landscape A4 in points with 20 pt padding: 801.89 × 555.28 inside.
  const page = { pageWidth: 841.89, pageHeight: 595.28 };

  it('puts a short report on one page', () => {
    expect(pdfSlices({ canvasWidth: 1600, canvasHeight: 900, ...page })).toEqual([
      { sourceY: 0, sourceHeight: 900 },
    ]);
  });

  it('cuts a tall report into page-high slices, the last one holding the rest', () => {
    // 1600 px across 801.89 pt: 1.995 px per point, so 1107 px fill the inner page height.
    const slices = pdfSlices({ canvasWidth: 1600, canvasHeight: 2500, ...page });
    expect(slices).toEqual([
      { sourceY: 0, sourceHeight: 1107 },
      { sourceY: 1107, sourceHeight: 1107 },
      { sourceY: 2214, sourceHeight: 286 },
    ]);
  });

  it('has nothing to lay out for an empty canvas', () => {
    expect(pdfSlices({ canvasWidth: 0, canvasHeight: 100, ...page })).toEqual([]);
  });
});
