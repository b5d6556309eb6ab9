import type { LookupTreeNode } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  TREE_BATCH_SIZE,
  flattenTree,
  foldForSearch,
  isPastLoadMorePoint,
  toTreeOptions,
  treeNames,
  trimTree,
  visibleTree,
} from './tree-options';

function node(Id: number, Name: string, Children: LookupTreeNode[] = [], ParentId: number | null = null) {
  return { Id, Name, Code: `C${Id}`, Level: 1, ParentId, Selectable: true, Children };
}

// Türkiye > Marmara > İstanbul, Bursa; Türkiye > Ege > İzmir; Almanya.
const tree: LookupTreeNode[] = [
  node(1, 'Türkiye', [
    node(2, 'Marmara', [node(3, 'İstanbul', [], 2), node(4, 'Bursa', [], 2)], 1),
    node(5, 'Ege', [node(6, 'İzmir', [], 5)], 1),
  ]),
  node(7, 'Almanya'),
];

/** A tree of `count` nodes: roots of ten children each. */
function bigTree(count: number): LookupTreeNode[] {
  const roots: LookupTreeNode[] = [];
  for (let id = 1; id <= count; id += 11) {
    const children = Array.from({ length: Math.min(10, count - id) }, (_, index) =>
      node(id + index + 1, `Branch ${id + index + 1}`, [], id),
    );
    roots.push(node(id, `Region ${id}`, children));
  }
  return roots;
}

const ids = (options: ReturnType<typeof toTreeOptions>): number[] =>
  options.flatMap((option) => [option.value, ...ids(option.children ?? [])]);

describe('tree options', () => {
  it('flattens in tree order with the ancestors of each node', () => {
    expect(flattenTree(tree).map(({ node: n, ancestors }) => [n.Id, ancestors])).toEqual([
      [1, []],
      [2, [1]],
      [3, [1, 2]],
      [4, [1, 2]],
      [5, [1]],
      [6, [1, 5]],
      [7, []],
    ]);
  });

  it('shows every node of a tree below 1,500 nodes', () => {
    const visible = visibleTree({ nodes: bigTree(1499), search: '', limit: TREE_BATCH_SIZE });
    expect(visible.shown).toBe(1499);
    expect(visible.hasMore).toBe(false);
  });

  it('shows a larger tree 50 nodes at a time, each with its parent', () => {
    const nodes = bigTree(1500);
    const first = visibleTree({ nodes, search: '', limit: TREE_BATCH_SIZE });
    expect(first.total).toBe(1500);
    expect(first.shown).toBe(50);
    expect(first.hasMore).toBe(true);
    expect(ids(first.options)).toHaveLength(50);
    // 50 in tree order: four regions of 11, then the fifth region with 5 branches.
    expect(first.options).toHaveLength(5);
    expect(first.options[4]?.children).toHaveLength(5);
    const second = visibleTree({ nodes, search: '', limit: 2 * TREE_BATCH_SIZE });
    expect(second.shown).toBe(100);
    const last = visibleTree({ nodes, search: '', limit: 1550 });
    expect(last.hasMore).toBe(false);
  });

  it('searches from 2 characters, showing matches with their ancestors expanded', () => {
    expect(visibleTree({ nodes: tree, search: 'i', limit: 50 }).expandedIds).toBeUndefined();
    const visible = visibleTree({ nodes: tree, search: 'iz', limit: 50 });
    expect(ids(visible.options)).toEqual([1, 5, 6]);
    expect(visible.matches).toBe(1);
    expect(visible.expandedIds).toEqual([1, 5]);
  });

  it('ignores case, accents and the Turkish dotted and dotless i', () => {
    expect(foldForSearch('İSTANBUL')).toBe('istanbul');
    expect(foldForSearch('Türkiye')).toBe('turkiye');
    expect(ids(visibleTree({ nodes: tree, search: 'ISTAN', limit: 50 }).options)).toEqual([1, 2, 3]);
    expect(ids(visibleTree({ nodes: tree, search: 'ıstan', limit: 50 }).options)).toEqual([1, 2, 3]);
    expect(visibleTree({ nodes: tree, search: 'xyz', limit: 50 })).toMatchObject({
      options: [],
      matches: 0,
    });
  });

  it('trims the tree to the allowed nodes, their subtrees and their ancestors as a way in', () => {
    const trimmed = trimTree(tree, [2]);
    expect(ids(toTreeOptions(trimmed))).toEqual([1, 2, 3, 4]);
    expect(toTreeOptions(trimmed)[0]).toMatchObject({ value: 1, disabled: true });
    expect(toTreeOptions(trimmed)[0]?.children?.[0]).not.toHaveProperty('disabled');
    expect(trimTree(tree, [])).toEqual(tree);
    expect(trimTree(tree, [99])).toEqual([]);
  });

  it('loads more once scrolled past 80 %', () => {
    expect(isPastLoadMorePoint({ scrollTop: 500, clientHeight: 200, scrollHeight: 1000 })).toBe(false);
    expect(isPastLoadMorePoint({ scrollTop: 600, clientHeight: 200, scrollHeight: 1000 })).toBe(true);
    expect(isPastLoadMorePoint({ scrollTop: 0, clientHeight: 0, scrollHeight: 0 })).toBe(false);
  });

  it('names every node', () => {
    expect(treeNames(tree).get(6)).toBe('İzmir');
    expect(treeNames(tree).size).toBe(7);
  });
});
