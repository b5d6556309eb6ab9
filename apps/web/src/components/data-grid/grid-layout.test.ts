import { GRID_COLUMN_MAX_WIDTH, GRID_COLUMN_MIN_WIDTH } from '@loupe/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/lib/test-storage';
import {
  clampColumnWidth,
  columnWidth,
  draggedWidth,
  EMPTY_GRID_LAYOUT,
  GRID_DEFAULT_COLUMN_WIDTH,
  gridLayoutStorageKey,
  loadGridLayout,
  parseGridLayout,
  resizeColumn,
  saveGridLayout,
  toggleColumn,
  visibleColumnKeys,
} from './grid-layout';

const columns = [
  { key: 'UserName' },
  { key: 'Email', width: 260 },
  { key: 'CreatedAt', defaultHidden: true },
];

describe('clampColumnWidth', () => {
  it('keeps widths within 100..300 px', () => {
    expect(GRID_COLUMN_MIN_WIDTH).toBe(100);
    expect(GRID_COLUMN_MAX_WIDTH).toBe(300);
    expect(clampColumnWidth(40)).toBe(100);
    expect(clampColumnWidth(100)).toBe(100);
    expect(clampColumnWidth(212.6)).toBe(213);
    expect(clampColumnWidth(300)).toBe(300);
    expect(clampColumnWidth(900)).toBe(300);
  });

  it('uses the default for a width that is not a number', () => {
    expect(clampColumnWidth(undefined)).toBe(GRID_DEFAULT_COLUMN_WIDTH);
    expect(clampColumnWidth(Number.NaN)).toBe(GRID_DEFAULT_COLUMN_WIDTH);
    expect(clampColumnWidth(Number.POSITIVE_INFINITY)).toBe(GRID_DEFAULT_COLUMN_WIDTH);
  });
});

describe('draggedWidth', () => {
  it('widens a column dragged towards its end, in either direction of writing', () => {
    expect(draggedWidth({ startWidth: 150, deltaX: 40, direction: 'ltr' })).toBe(190);
    expect(draggedWidth({ startWidth: 150, deltaX: -40, direction: 'rtl' })).toBe(190);
    expect(draggedWidth({ startWidth: 150, deltaX: 40, direction: 'rtl' })).toBe(110);
  });

  it('stops at the limits', () => {
    expect(draggedWidth({ startWidth: 150, deltaX: -500, direction: 'ltr' })).toBe(100);
    expect(draggedWidth({ startWidth: 150, deltaX: 500, direction: 'ltr' })).toBe(300);
  });
});

describe('column visibility', () => {
  it('follows defaultHidden until the user chooses', () => {
    expect(visibleColumnKeys(columns, EMPTY_GRID_LAYOUT)).toEqual(['UserName', 'Email']);
  });

  it("applies the user's choices in the page's order", () => {
    let layout = toggleColumn(columns, EMPTY_GRID_LAYOUT, 'CreatedAt', true);
    layout = toggleColumn(columns, layout, 'UserName', false);
    expect(visibleColumnKeys(columns, layout)).toEqual(['Email', 'CreatedAt']);
  });

  it('does not hide the last visible column', () => {
    const one = toggleColumn(columns, EMPTY_GRID_LAYOUT, 'UserName', false);
    expect(visibleColumnKeys(columns, one)).toEqual(['Email']);
    expect(toggleColumn(columns, one, 'Email', false)).toBe(one);
  });
});

describe('column widths', () => {
  it("starts at the page's width, clamped, and follows a resize", () => {
    expect(columnWidth(columns[0]!, EMPTY_GRID_LAYOUT)).toBe(GRID_DEFAULT_COLUMN_WIDTH);
    expect(columnWidth({ key: 'Wide', width: 480 }, EMPTY_GRID_LAYOUT)).toBe(300);
    const resized = resizeColumn(EMPTY_GRID_LAYOUT, 'Email', 20);
    expect(columnWidth(columns[1]!, resized)).toBe(100);
  });
});

describe('parseGridLayout', () => {
  it('reads a stored layout, clamping widths', () => {
    expect(parseGridLayout('{"visible":{"Email":false},"widths":{"UserName":999}}')).toEqual({
      visible: { Email: false },
      widths: { UserName: 300 },
    });
  });

  it.each([null, '', 'not json', '[]', 'null', '42', '{"visible":[true],"widths":"wide"}'])(
    'reads %j as no choices made',
    (text) => {
      expect(parseGridLayout(text)).toEqual(EMPTY_GRID_LAYOUT);
    },
  );

  it('drops entries of the wrong type', () => {
    expect(parseGridLayout('{"visible":{"A":"yes","B":true},"widths":{"A":"200","B":150}}')).toEqual({
      visible: { B: true },
      widths: { B: 150 },
    });
  });
});

describe('storing layouts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one layout per endpoint', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const users = toggleColumn(columns, EMPTY_GRID_LAYOUT, 'CreatedAt', true);
    saveGridLayout('/api/users', resizeColumn(users, 'Email', 222));

    expect(loadGridLayout('/api/users')).toEqual({ visible: { CreatedAt: true }, widths: { Email: 222 } });
    expect(loadGridLayout('/api/roles')).toEqual(EMPTY_GRID_LAYOUT);
    expect(localStorage.getItem(gridLayoutStorageKey('/api/users'))).not.toBeNull();
  });

  it('works on without storage', () => {
    const refusing = memoryStorage();
    refusing.getItem = () => {
      throw new Error('SecurityError');
    };
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    vi.stubGlobal('localStorage', refusing);

    expect(() => saveGridLayout('/api/users', EMPTY_GRID_LAYOUT)).not.toThrow();
    expect(loadGridLayout('/api/users')).toEqual(EMPTY_GRID_LAYOUT);
  });
});
