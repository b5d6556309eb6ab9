import { ErrorCode } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { importFileRefusal } from './import-file';

describe('importFileRefusal', () => {
  it('lets .csv and .xlsx through, whatever their case', () => {
    expect(importFileRefusal('invitees.csv')).toBeNull();
    expect(importFileRefusal('Davetliler Kasım.XLSX')).toBeNull();
    expect(importFileRefusal('.hidden.csv')).toBeNull();
  });

  it('refuses a name with more than one extension (15001)', () => {
    expect(importFileRefusal('invitees.csv.xlsx')).toBe(ErrorCode.FileMultipleExtensions);
    expect(importFileRefusal('report.exe.csv')).toBe(ErrorCode.FileMultipleExtensions);
  });

  it('refuses another extension or none (15003)', () => {
    expect(importFileRefusal('invitees.xls')).toBe(ErrorCode.FileWrongExtension);
    expect(importFileRefusal('invitees.txt')).toBe(ErrorCode.FileWrongExtension);
    expect(importFileRefusal('invitees')).toBe(ErrorCode.FileWrongExtension);
    expect(importFileRefusal('invitees.')).toBe(ErrorCode.FileWrongExtension);
  });
});
