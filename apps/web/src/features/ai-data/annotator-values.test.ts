import { aiAnnotatorSaveSchema, type AiAnnotator } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  annotatorBodyOf,
  annotatorFormValues,
  annotatorName,
  annotatorRefusalField,
} from './annotator-values';

const annotator: AiAnnotator = {
  Id: 3,
  FirstName: 'Ayşe',
  LastName: 'Yılmaz',
  Email: 'ayse@example.com',
  PhoneNumber: null,
  IsActive: false,
  UserId: 12,
  IsLocked: true,
  CreatedDate: '2026-02-01T10:00:00.000Z',
};

const refusal = (code: number, path: string) =>
  new ApiError({ status: 400, code, message: 'm', supportId: 's', details: [{ Path: path, Message: 'x' }] });

describe('the annotator form', () => {
  it('starts from the annotator, or an active one linked to nobody', () => {
    expect(annotatorFormValues()).toEqual({
      FirstName: '',
      LastName: '',
      Email: '',
      PhoneNumber: '',
      IsActive: true,
      UserId: null,
    });
    expect(annotatorFormValues(annotator)).toMatchObject({ PhoneNumber: '', IsActive: false, UserId: 12 });
  });

  it('saves trimmed text, no phone when blank and no user when cleared, as the server accepts it', () => {
    const body = annotatorBodyOf({
      FirstName: ' Ayşe ',
      LastName: 'Yılmaz ',
      Email: ' ayse@example.com',
      PhoneNumber: '   ',
      IsActive: true,
      UserId: null,
    });
    expect(body).toEqual({
      FirstName: 'Ayşe',
      LastName: 'Yılmaz',
      Email: 'ayse@example.com',
      PhoneNumber: null,
      IsActive: true,
      UserId: null,
    });
    expect(aiAnnotatorSaveSchema.safeParse(body).success).toBe(true);
  });

  it('names the annotator by first and last name', () => {
    expect(annotatorName(annotator)).toBe('Ayşe Yılmaz');
  });

  it('puts a taken email or user and refused fields under their field; a lock refusal above the form', () => {
    expect(annotatorRefusalField(refusal(19104, 'body/Email'))).toBe('Email');
    expect(annotatorRefusalField(refusal(19104, 'body/UserId'))).toBe('UserId');
    expect(annotatorRefusalField(refusal(3333, 'body/PhoneNumber'))).toBe('PhoneNumber');
    expect(annotatorRefusalField(refusal(19103, 'body/Email'))).toBeUndefined();
  });
});
