import { describe, expect, it } from 'vitest';
import { displayTitle, titleKey } from './display-title';

const translate = (key: string) => (key === 'titles.nps' ? 'NPS Genel Bakış' : key);

describe('report titles', () => {
  it('reads a title in triple braces as a translation key', () => {
    expect(titleKey('{{{titles.nps}}}')).toBe('titles.nps');
    expect(titleKey(' {{{ titles.nps }}} ')).toBe('titles.nps');
    expect(displayTitle('{{{titles.nps}}}', translate)).toBe('NPS Genel Bakış');
  });

  it('shows any other title as written', () => {
    for (const title of ['Şube Performansı', '{{titles.nps}}', '{{{titles.nps}}} extra', '{{{}}}']) {
      expect(titleKey(title), title).toBeUndefined();
      expect(displayTitle(title, translate)).toBe(title);
    }
  });

  it('shows the key itself when it has no translation', () => {
    expect(displayTitle('{{{titles.unknown}}}', translate)).toBe('titles.unknown');
  });
});
