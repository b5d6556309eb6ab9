import type { LookupTreeNode } from '@loupe/contracts';

/*
 * The filter tree selects' options (channels, products, locations) as pure functions (shell spec §9, reports
 * spec §9): the whole tree below 1,500 nodes, else batches of 50 in tree order; a search from 2 characters
 * showing the matches with their ancestors; trees trimmed to the caller's restrictions.
 */

/** Trees with fewer nodes than this show them all; larger ones load in batches. */
const TREE_ALL_OPTIONS_BELOW = 1500;
/** Nodes per batch of a large tree. */
export const TREE_BATCH_SIZE = 50;
/** The next batch loads when the list is scrolled past this share of its height. */
const TREE_LOAD_MORE_AT = 0.8;
/** A search needs this many characters. */
const TREE_SEARCH_MIN_LENGTH = 2;
/** A search without results shows the no-results text after this long. */
export const TREE_NO_RESULTS_AFTER_MS = 15_000;
/** Chosen values shown before "+N". */
export const TREE_MAX_TAG_COUNT = 2;
/** The drop-down's widest, in pixels (its scroll area is half the window's height). */
export const TREE_POPUP_MAX_WIDTH = 370;

/** A node as the antd tree select takes it. */
export type TreeOption = {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
};

type FlatNode = { node: LookupTreeNode; ancestors: number[] };

/**
 * The tree trimmed to the allowed nodes and everything below them; their ancestors stay, not selectable, as the
 * way to them. No allowed ids means no restriction.
 */
export function trimTree(
  nodes: readonly LookupTreeNode[],
  allowedIds: readonly number[] | undefined,
): LookupTreeNode[] {
  if (!allowedIds || allowedIds.length === 0) return [...nodes];
  const allowed = new Set(allowedIds);
  const trim = (level: readonly LookupTreeNode[]): LookupTreeNode[] =>
    level.flatMap((node) => {
      if (allowed.has(node.Id)) return [node];
      const children = trim(node.Children);
      return children.length > 0 ? [{ ...node, Selectable: false, Children: children }] : [];
    });
  return trim(nodes);
}

/** The nodes in tree order (each before its children), with their ancestors' ids, root first. */
export function flattenTree(nodes: readonly LookupTreeNode[]): FlatNode[] {
  const flat: FlatNode[] = [];
  const walk = (level: readonly LookupTreeNode[], ancestors: number[]) => {
    for (const node of level) {
      flat.push({ node, ancestors });
      walk(node.Children, [...ancestors, node.Id]);
    }
  };
  walk(nodes, []);
  return flat;
}

/** Text folded for searching: case, accents and the Turkish dotted and dotless i do not matter. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ı/g, 'i');
}

/** Whether a search term is long enough to filter. */
export function isSearching(term: string): boolean {
  return term.trim().length >= TREE_SEARCH_MIN_LENGTH;
}

export type VisibleTree = {
  options: TreeOption[];
  /** Nodes that may be shown (all, or the matches with their ancestors). */
  total: number;
  /** How many of them the options hold. */
  shown: number;
  /** More nodes wait for the next batch. */
  hasMore: boolean;
  /** While searching: the nodes to expand so that every match is in view. */
  expandedIds: number[] | undefined;
  /** While searching: how many nodes match. */
  matches: number;
};

/**
 * The options to show. Below {@link TREE_ALL_OPTIONS_BELOW} nodes every node, else the first `limit` of them in
 * tree order (a prefix in tree order always holds each node's parent). With a search of 2 characters or more, the
 * matching nodes and their ancestors, batched the same way.
 */
export function visibleTree({
  nodes,
  search,
  limit,
}: {
  nodes: readonly LookupTreeNode[];
  search: string;
  limit: number;
}): VisibleTree {
  const flat = flattenTree(nodes);
  let candidates = flat;
  let expandedIds: number[] | undefined;
  let matches = 0;
  if (isSearching(search)) {
    const term = foldForSearch(search.trim());
    const keep = new Set<number>();
    const expand = new Set<number>();
    for (const { node, ancestors } of flat) {
      if (!foldForSearch(node.Name).includes(term)) continue;
      matches += 1;
      keep.add(node.Id);
      for (const id of ancestors) {
        keep.add(id);
        expand.add(id);
      }
    }
    candidates = flat.filter(({ node }) => keep.has(node.Id));
    expandedIds = [...expand];
  }
  const batched = flat.length >= TREE_ALL_OPTIONS_BELOW;
  const included = batched ? candidates.slice(0, Math.max(limit, 0)) : candidates;
  const ids = new Set(included.map(({ node }) => node.Id));
  return {
    options: toTreeOptions(nodes, ids),
    total: candidates.length,
    shown: included.length,
    hasMore: included.length < candidates.length,
    expandedIds,
    matches,
  };
}

/** The nodes among `ids` as tree-select options, nested as in the tree. */
export function toTreeOptions(nodes: readonly LookupTreeNode[], ids?: ReadonlySet<number>): TreeOption[] {
  return nodes
    .filter((node) => !ids || ids.has(node.Id))
    .map((node) => {
      const children = toTreeOptions(node.Children, ids);
      return {
        value: node.Id,
        title: node.Name,
        // An ancestor shown only as the way to nodes the caller may see cannot be chosen.
        ...(node.Selectable ? {} : { disabled: true }),
        ...(children.length > 0 ? { children } : {}),
      };
    });
}

/** Whether a scroll position is past {@link TREE_LOAD_MORE_AT} of the scrollable height. */
export function isPastLoadMorePoint({
  scrollTop,
  clientHeight,
  scrollHeight,
}: {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}): boolean {
  if (scrollHeight <= 0) return false;
  return (scrollTop + clientHeight) / scrollHeight >= TREE_LOAD_MORE_AT;
}

/** Every node's name by id, for labels of chosen values and chips. */
export function treeNames(nodes: readonly LookupTreeNode[]): Map<number, string> {
  return new Map(flattenTree(nodes).map(({ node }) => [node.Id, node.Name]));
}
