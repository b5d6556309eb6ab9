import { describe, expect, it } from 'vitest';
import {
  ELIMINATION_REASON,
  ELIMINATION_REASON_NAMES,
  IMPORT_LOG_STATUS,
  STAGED_RECORD_STATUS,
  type EliminationReasonName,
  type ImportLogStatus,
  type ImportLogStatusName,
  type StagedRecordStatus,
  type StagedRecordStatusName,
} from './data-flow-enums.js';
import {
  ELIMINATION_REASON_LABELS,
  IMPORT_FIELDS,
  IMPORT_FIELD_NAMES,
  IMPORT_LOG_STATUS_LABELS,
  STAGED_RECORD_STATUS_LABELS,
  importColumnMappingSchema,
  importMappingSchema,
  inviteeCreateSchema,
  inviteePoolFilterSchema,
  type ImportDataSourceOption,
  type ImportDataSourceSave,
  type ImportPreview,
  type ImportUploadAnswer,
  type InviteeCreate,
} from './imports.schema.js';

const labelled = (label: { en: string; tr: string; ar: string }) =>
  [label.en, label.tr, label.ar].every((text) => text.trim().length > 0);

describe('imports contracts', () => {
  it('labels every elimination reason, import status and staged status in English, Turkish and Arabic', () => {
    for (const reason of Object.values(ELIMINATION_REASON)) {
      expect(labelled(ELIMINATION_REASON_LABELS[reason]), ELIMINATION_REASON_NAMES[reason]).toBe(true);
    }
    const statuses: ImportLogStatus[] = Object.values(IMPORT_LOG_STATUS);
    for (const status of statuses) expect(labelled(IMPORT_LOG_STATUS_LABELS[status]!)).toBe(true);
    const staged: StagedRecordStatus[] = Object.values(STAGED_RECORD_STATUS);
    for (const status of staged) expect(labelled(STAGED_RECORD_STATUS_LABELS[status]!)).toBe(true);
    const names: (ImportLogStatusName | StagedRecordStatusName | EliminationReasonName)[] = [
      'Processed',
      'Moved',
      'OptOut',
    ];
    expect(names).toHaveLength(3);
  });

  it('offers each field once, with its names', () => {
    expect(new Set(IMPORT_FIELD_NAMES).size).toBe(IMPORT_FIELDS.length);
    expect(IMPORT_FIELDS.every((field) => labelled(field.names))).toBe(true);
    expect(IMPORT_FIELD_NAMES).toContain('CustomData10');
  });

  it('refuses a mapping naming a field or a column twice, or an unknown field', () => {
    expect(importColumnMappingSchema.safeParse({ Column: 'Mail', Field: 'Nope' }).success).toBe(false);
    const twice = [
      { Column: 'A', Field: 'InviteeEmail' },
      { Column: 'B', Field: 'InviteeEmail' },
    ];
    expect(importMappingSchema.safeParse(twice).success).toBe(false);
    const sameColumn = [
      { Column: 'A', Field: 'InviteeEmail' },
      { Column: 'a', Field: 'InviteeMSISDN' },
    ];
    expect(importMappingSchema.safeParse(sameColumn).success).toBe(false);
  });

  it('keeps the pool filter strict and the create-invitee body bounded', () => {
    expect(inviteePoolFilterSchema.safeParse({ Statuses: [0, 3], CustomData4: 'x' }).success).toBe(true);
    expect(inviteePoolFilterSchema.safeParse({ Statuses: [4] }).success).toBe(false);
    expect(inviteePoolFilterSchema.safeParse({ Unknown: 1 }).success).toBe(false);
    const body: InviteeCreate = { SurveyId: 1, InviteeMSISDN: '+90 532', InviteeEmail: '' };
    expect(inviteeCreateSchema.safeParse(body).success).toBe(false);
    expect(inviteeCreateSchema.parse({ SurveyId: 1, InviteeEmail: '' }).InviteeEmail).toBeUndefined();
  });

  it('types the answers the web reads', () => {
    const save: ImportDataSourceSave = { Name: 'CRM', TypeField: 'crm', SurveyId: null };
    const option: ImportDataSourceOption = {
      Id: 1,
      Name: 'CRM',
      TypeField: 'crm',
      SurveyId: null,
      Mapping: [],
      RequiresApproval: false,
    };
    const answer: ImportUploadAnswer = { Id: 1, Status: IMPORT_LOG_STATUS.New };
    const preview: ImportPreview = { Headers: [], Rows: [], SuggestedMapping: [] };
    expect([save.Name, option.Name, answer.Status, preview.Rows.length]).toEqual(['CRM', 'CRM', 1, 0]);
  });
});
