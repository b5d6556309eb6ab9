import { WIDGET_KIND_REGISTRY, WIDGET_KINDS } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { WIDGET_VIEWS } from './widget-views';

describe('widget views', () => {
  it('gives every kind a view from the family folder its registry row names', () => {
    for (const kind of WIDGET_KINDS)
      expect(WIDGET_VIEWS[kind]?.family, kind).toBe(WIDGET_KIND_REGISTRY[kind].family);
  });
});
