import type { IntegrationSource } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  configurationTypeOf,
  initialSourceValues,
  secretState,
  sourceFields,
  sourceSaveBody,
} from './source-values';

const slack: IntegrationSource = {
  Id: 7,
  Name: 'CX Slack',
  BehaviourType: 'action',
  Kind: 'slack',
  Type: null,
  ConfigurationType: 1,
  Url: null,
  Channel: '#cx',
  Email: null,
  HasSecret: true,
  WorkflowCount: 0,
  CreatedAt: '2026-11-29T10:00:00Z',
  UpdatedAt: '2026-11-29T10:00:00Z',
};

describe('the source form', () => {
  it('numbers the configuration types as the spec does; the webhook has none', () => {
    expect(configurationTypeOf('slack')).toBe(1);
    expect(configurationTypeOf('zapier')).toBe(2);
    expect(configurationTypeOf('zendesk')).toBe(3);
    expect(configurationTypeOf('teams')).toBe(5);
    expect(configurationTypeOf('webhook')).toBeNull();
  });

  it('never holds a stored secret, and does not ask for it again on an edit', () => {
    expect(initialSourceValues(slack)).toMatchObject({ Kind: 'slack', Secret: '', Channel: '#cx' });
    expect(sourceFields('slack', slack)).toEqual([
      { Field: 'Secret', Required: false, Secret: true, Stored: true },
      { Field: 'Channel', Required: true, Secret: false, Stored: false },
    ]);
  });

  it('asks for every required field again after a change of kind', () => {
    expect(sourceFields('teams', slack)).toEqual([
      { Field: 'Url', Required: true, Secret: true, Stored: false },
    ]);
  });

  it('keeps a masked Zapier URL out of the form (empty keeps it)', () => {
    const zapier = {
      ...slack,
      Kind: 'zapier' as const,
      ConfigurationType: 2,
      Url: 'https://hooks.zapier.com/…',
    };
    expect(initialSourceValues(zapier).Url).toBe('');
    expect(sourceFields('zapier', zapier)[0]).toMatchObject({ Field: 'Url', Required: false, Stored: true });
  });

  it('sends the kind as Type or ConfigurationType, only its fields, empty ones as null', () => {
    const values = {
      ...initialSourceValues(),
      Name: ' Hooks ',
      Url: 'https://example.test/in',
      Secret: 's3cret',
      Email: 'x@y.z',
    };
    expect(sourceSaveBody(values)).toEqual({
      Name: 'Hooks',
      BehaviourType: 'action',
      Type: 'webhook',
      ConfigurationType: null,
      Url: 'https://example.test/in',
      Secret: 's3cret',
      Channel: null,
      Email: null,
    });
    expect(sourceSaveBody({ ...initialSourceValues(slack), Secret: '' })).toMatchObject({
      Type: null,
      ConfigurationType: 1,
      Secret: null,
      Channel: '#cx',
      Url: null,
    });
  });

  it('lists a secret as stored whatever field holds it, and none for a kind without secrets', () => {
    expect(secretState(slack)).toBe('stored');
    expect(secretState({ ...slack, HasSecret: false })).toBe('none');
    const teams = { ...slack, Kind: 'teams' as const, ConfigurationType: 5, HasSecret: false };
    expect(secretState({ ...teams, Url: 'https://example.webhook.office.com/…' })).toBe('stored');
    expect(secretState({ ...slack, Kind: 'zendesk', ConfigurationType: 3, HasSecret: false })).toBe(
      'notApplicable',
    );
  });
});
