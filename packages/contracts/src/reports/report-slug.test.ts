import { describe, expect, it } from 'vitest';
import { reportSlug } from './report-slug.js';

describe('reportSlug', () => {
  it('folds the Turkish letters, lower and upper case', () => {
    expect(reportSlug('çğıöşü')).toBe('cgiosu');
    expect(reportSlug('ÇĞIİÖŞÜ')).toBe('cgiiosu');
    expect(reportSlug('Şube Performansı')).toBe('sube-performansi');
    expect(reportSlug('İstanbul Şubeleri')).toBe('istanbul-subeleri');
    expect(reportSlug('MÜŞTERİ DENEYİMİ')).toBe('musteri-deneyimi');
  });

  it('folds other accents and letters without a combining mark', () => {
    expect(reportSlug('Crème Brûlée')).toBe('creme-brulee');
    expect(reportSlug('Ñandú Ålborg')).toBe('nandu-alborg');
    expect(reportSlug('Straße Øresund Łódź')).toBe('strasse-oresund-lodz');
    expect(reportSlug('Æsir Œuvre')).toBe('aesir-oeuvre');
    expect(reportSlug('ﬁnal ２０２６')).toBe('final-2026');
  });

  it('turns & into -y-, with or without spaces around it', () => {
    expect(reportSlug('Şube & Kanal')).toBe('sube-y-kanal');
    expect(reportSlug('A&B')).toBe('a-y-b');
    expect(reportSlug('R&&D')).toBe('r-y-y-d');
    expect(reportSlug('& Ürün &')).toBe('y-urun-y');
  });

  it('turns spaces and separators into one dash and collapses repeats', () => {
    expect(reportSlug('NPS  Trend')).toBe('nps-trend');
    expect(reportSlug('NPS\tby\nchannel')).toBe('nps-by-channel');
    expect(reportSlug('a_b.c/d\\e:f,g;h|i+j')).toBe('a-b-c-d-e-f-g-h-i-j');
    expect(reportSlug('a -- b')).toBe('a-b');
    expect(reportSlug('Q1 (2026) — NPS!')).toBe('q1-2026-nps');
    expect(reportSlug("Müşteri'nin Sesi")).toBe('musteri-nin-sesi');
  });

  it('trims spaces and dashes at both ends', () => {
    expect(reportSlug('  Dashboard  ')).toBe('dashboard');
    expect(reportSlug('--Dashboard--')).toBe('dashboard');
    expect(reportSlug(' - NPS - ')).toBe('nps');
    expect(reportSlug(' - {{{reports.nps}}} - ')).toBe('reports-nps');
  });

  it('keeps digits and letters of other scripts, and gives empty text when nothing is left', () => {
    expect(reportSlug('Report 10')).toBe('report-10');
    expect(reportSlug('تقرير المبيعات')).toBe('تقرير-المبيعات');
    expect(reportSlug('')).toBe('');
    expect(reportSlug(' !?- ')).toBe('');
  });

  it('is stable: a slug is its own slug', () => {
    for (const title of ['Şube & Kanal Performansı', 'Crème Brûlée', 'Q1 (2026) — NPS!']) {
      const slug = reportSlug(title);
      expect(reportSlug(slug)).toBe(slug);
    }
  });

  it('gives a translation-key title the words of its key, not the key path (issue 24)', () => {
    expect(reportSlug('{{{widgetCatalogue:widget.npsGauge}}}')).toBe('nps-gauge');
    expect(reportSlug('{{{widgetCatalogue.widget.npsGauge}}}')).toBe('nps-gauge');
    expect(reportSlug(' {{{ reports.npsOverview }}} ')).toBe('nps-overview');
    expect(reportSlug('{{{reports:dashboardTitle}}}')).toBe('dashboard-title');
    expect(reportSlug('{{{reports.NPSTrend2026}}}')).toBe('nps-trend-2026');
    // Braces inside a title are not a key title.
    expect(reportSlug('NPS {{{x}}} trend')).toBe('nps-x-trend');
  });
});
