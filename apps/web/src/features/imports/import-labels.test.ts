import { ELIMINATION_REASON, IMPORT_LOG_STATUS, STAGED_RECORD_STATUS } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  eliminationReasonLabel,
  importFieldLabel,
  importStatusLabel,
  importStatusTone,
  isImportRunning,
  stagedStatusLabel,
} from './import-labels';

describe('labels', () => {
  it('names a status and a reason in Turkish, Arabic and English, others reading English', () => {
    expect(importStatusLabel(IMPORT_LOG_STATUS.WaitingForApproval, 'tr')).toBe('Onay bekliyor');
    expect(importStatusLabel(IMPORT_LOG_STATUS.WaitingForApproval, 'ar')).toBe('بانتظار الموافقة');
    expect(importStatusLabel(IMPORT_LOG_STATUS.WaitingForApproval, 'fr')).toBe('Waiting for approval');
    expect(stagedStatusLabel(STAGED_RECORD_STATUS.Removed, 'en')).toBe('Removed');
    expect(eliminationReasonLabel(ELIMINATION_REASON.OptOut, 'en')).toBe('Opted out');
  });

  it('shows an unknown value as its number', () => {
    expect(importStatusLabel(42, 'en')).toBe('42');
    expect(eliminationReasonLabel(99, 'tr')).toBe('99');
  });

  it('names a field in the language', () => {
    expect(importFieldLabel('InviteeMSISDN', 'tr')).toBe('Cep telefonu');
  });
});

describe('import status', () => {
  it('runs until it waits, fails or ends', () => {
    const running = Object.values(IMPORT_LOG_STATUS).filter(isImportRunning);
    expect(running).toEqual([
      IMPORT_LOG_STATUS.Initial,
      IMPORT_LOG_STATUS.New,
      IMPORT_LOG_STATUS.Processing,
      IMPORT_LOG_STATUS.Approved,
    ]);
    expect(importStatusTone(IMPORT_LOG_STATUS.Failed)).toBe('error');
    expect(importStatusTone(IMPORT_LOG_STATUS.Processed)).toBe('success');
  });
});
