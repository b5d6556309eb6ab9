import type { LookupNode, LookupTreeNode } from '@loupe/contracts';

/** A channel, product or location row: `path` holds the ids from the root down to the node itself. */
export type TreeRow = {
  id: number;
  parentId: number | null;
  name: string;
  code: string;
  level: number;
  path: readonly number[];
};

/**
 * What a user restricted to `restrictedIds` sees of a tree: those nodes and everything below them
 * (selectable), plus the ancestors on the way to them, shown so the tree stays navigable but not selectable.
 * No restriction shows everything; restricted ids that no longer exist show nothing for them.
 */
export function trimTree<T extends TreeRow>(
  rows: readonly T[],
  restrictedIds: readonly number[],
): { row: T; selectable: boolean }[] {
  if (restrictedIds.length === 0) return rows.map((row) => ({ row, selectable: true }));
  const restricted = new Set(restrictedIds);
  const ancestors = new Set<number>();
  for (const row of rows) {
    if (!restricted.has(row.id)) continue;
    for (const id of row.path) if (id !== row.id) ancestors.add(id);
  }
  return rows.flatMap((row): { row: T; selectable: boolean }[] => {
    if (row.path.some((id) => restricted.has(id))) return [{ row, selectable: true }];
    if (ancestors.has(row.id)) return [{ row, selectable: false }];
    return [];
  });
}

/** Ids of the nodes a restricted user may select (the restricted nodes and their descendants). */
export function selectableIds<T extends TreeRow>(
  rows: readonly T[],
  restrictedIds: readonly number[],
): Set<number> {
  return new Set(
    trimTree(rows, restrictedIds)
      .filter((node) => node.selectable)
      .map((node) => node.row.id),
  );
}

const byName = (a: { Name: string }, b: { Name: string }) =>
  a.Name.localeCompare(b.Name, undefined, { numeric: true, sensitivity: 'base' });

/**
 * Nests flat nodes under their parents, siblings by name. A node whose parent is not in the list (trimmed away)
 * becomes a root, so nothing visible is lost.
 */
export function buildTree<T extends LookupNode>(nodes: readonly T[]): (T & { Children: LookupTreeNode[] })[] {
  const built = new Map<number, T & { Children: LookupTreeNode[] }>();
  for (const node of nodes) built.set(node.Id, { ...node, Children: [] });
  const roots: (T & { Children: LookupTreeNode[] })[] = [];
  for (const node of built.values()) {
    const parent = node.ParentId === null ? undefined : built.get(node.ParentId);
    if (parent) parent.Children.push(node);
    else roots.push(node);
  }
  const sort = (list: LookupTreeNode[]) => {
    list.sort(byName);
    for (const node of list) sort(node.Children);
  };
  sort(roots);
  return roots;
}

/** The same nodes in tree order (depth first, siblings by name), each without `Children`. */
export function flattenTree<T extends LookupNode>(
  roots: readonly (T & { Children: LookupTreeNode[] })[],
): T[] {
  const flat: T[] = [];
  const visit = (node: LookupTreeNode) => {
    const { Children, ...rest } = node;
    flat.push(rest as T);
    for (const child of Children) visit(child);
  };
  for (const root of roots) visit(root);
  return flat;
}
