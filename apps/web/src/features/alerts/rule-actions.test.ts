import { alertRuleActionsSaveSchema } from '@loupe/contracts';
import ar from '@/locales/ar/alerts.json';
import en from '@/locales/en/alerts.json';
import tr from '@/locales/tr/alerts.json';
import { describe, expect, it } from 'vitest';
import {
  actionsOfState,
  mailKey,
  MAX_SOURCES_PER_STATUS,
  stateOfActions,
  withMail,
  withSources,
} from './rule-actions';

describe('the alert rule actions form', () => {
  it('saves the ticked mails and one integration action per chosen source, by status', () => {
    let state = stateOfActions([]);
    state = withMail(state, mailKey(6, 'emailOwner'), true);
    state = withMail(state, mailKey(1, 'emailBranchManager'), true);
    state = withSources(state, 6, [12, 7, 12]);
    state = withSources(state, 3, [4]);
    expect(actionsOfState(state).Actions).toEqual([
      { Status: 1, Action: 'emailBranchManager', IntegrationId: null },
      { Status: 3, Action: 'integration', IntegrationId: 4 },
      { Status: 6, Action: 'emailOwner', IntegrationId: null },
      { Status: 6, Action: 'integration', IntegrationId: 12 },
      { Status: 6, Action: 'integration', IntegrationId: 7 },
    ]);
    expect(alertRuleActionsSaveSchema.safeParse(actionsOfState(state)).success).toBe(true);
  });

  it('clearing a select or unticking a box drops its actions', () => {
    let state = stateOfActions([
      { Status: 6, Action: 'emailOwner', IntegrationId: null },
      { Status: 6, Action: 'integration', IntegrationId: 9 },
    ]);
    state = withSources(state, 6, []);
    expect(actionsOfState(state).Actions).toEqual([{ Status: 6, Action: 'emailOwner', IntegrationId: null }]);
    state = withMail(state, mailKey(6, 'emailOwner'), false);
    expect(actionsOfState(state).Actions).toEqual([]);
  });

  it('loads the saved actions back unchanged, leaving out an integration action without a source', () => {
    const saved = [
      { Status: 2, Action: 'emailOwner' as const, IntegrationId: null },
      { Status: 6, Action: 'integration' as const, IntegrationId: 5 },
      { Status: 6, Action: 'integration' as const, IntegrationId: 8 },
      { Status: 7, Action: 'integration' as const, IntegrationId: null },
    ];
    const state = stateOfActions(saved);
    expect(state.sources.get(6)).toEqual([5, 8]);
    expect(actionsOfState(state).Actions).toEqual(saved.slice(0, 3));
  });

  it('keeps within the 50 actions the server takes', () => {
    let state = stateOfActions([]);
    for (const status of [1, 2, 3, 4, 5, 6, 7]) {
      state = withMail(state, mailKey(status, 'emailOwner'), true);
      state = withMail(state, mailKey(status, 'emailBranchManager'), true);
      state = withSources(state, status, [1, 2, 3, 4, 5, 6, 7, 8]);
    }
    expect(state.sources.get(1)).toHaveLength(MAX_SOURCES_PER_STATUS);
    expect(alertRuleActionsSaveSchema.safeParse(actionsOfState(state)).success).toBe(true);
  });

  it('has its strings in tr, en and ar, and no longer says integrations come later', () => {
    for (const catalogue of [tr, en, ar]) {
      const strings = catalogue.ruleActions as Record<string, unknown>;
      for (const key of [
        'sourceSelect',
        'noSource',
        'noSources',
        'sourceById',
        'sourcesNeedScope',
        'sourcesLoadFailed',
      ])
        expect(strings[key]).toEqual(expect.any(String));
      expect(strings.integrationLater).toBeUndefined();
    }
  });
});
