import { describe, expect, it } from 'vitest';
import { buildTree, flattenTree, selectableIds, trimTree, type TreeRow } from './lookup-tree.js';

// bank(1) > marmara(2) > [kadikoy(4), besiktas(5)]; bank(1) > aegean(3) > izmir(6); digital(7)
const row = (id: number, path: number[], name: string): TreeRow => ({
  id,
  parentId: path.length > 1 ? path[path.length - 2]! : null,
  name,
  code: name.toUpperCase(),
  level: path.length,
  path,
});
const rows = [
  row(1, [1], 'bank'),
  row(2, [1, 2], 'marmara'),
  row(3, [1, 3], 'aegean'),
  row(4, [1, 2, 4], 'kadikoy'),
  row(5, [1, 2, 5], 'besiktas'),
  row(6, [1, 3, 6], 'izmir'),
  row(7, [7], 'digital'),
];
const visible = (restricted: number[]) =>
  trimTree(rows, restricted).map(({ row: r, selectable }) => [r.id, selectable]);

describe('trimTree', () => {
  it('shows everything, selectable, without a restriction', () => {
    expect(visible([])).toEqual(rows.map((r) => [r.id, true]));
  });

  it('shows the restricted nodes with their descendants, and their ancestors as unselectable', () => {
    expect(visible([2])).toEqual([
      [1, false],
      [2, true],
      [4, true],
      [5, true],
    ]);
    expect(visible([4, 6])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
      [6, true],
    ]);
    expect(selectableIds(rows, [2])).toEqual(new Set([2, 4, 5]));
  });

  it('shows nothing for restricted ids that no longer exist', () => {
    expect(visible([99])).toEqual([]);
  });
});

describe('buildTree and flattenTree', () => {
  const nodes = trimTree(rows, [2]).map(({ row: r, selectable }) => ({
    Id: r.id,
    Name: r.name,
    Code: r.code,
    Level: r.level,
    ParentId: r.parentId,
    Selectable: selectable,
  }));

  it('nests nodes under their parents, siblings by name, and flattens them back in tree order', () => {
    const tree = buildTree(nodes);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.Children[0]!.Children.map((n) => n.Name)).toEqual(['besiktas', 'kadikoy']);
    expect(flattenTree(tree).map((n) => n.Name)).toEqual(['bank', 'marmara', 'besiktas', 'kadikoy']);
  });

  it('makes a node whose parent is missing a root', () => {
    const orphaned = nodes.filter((n) => n.Id !== 1);
    expect(buildTree(orphaned).map((n) => n.Name)).toEqual(['marmara']);
  });
});
