import type { LookupTreeNode } from '@loupe/contracts';
import { useMemo } from 'react';
import { useFilterTree } from '@/components/report-filter';

/** A channel as the link dialog's tree select takes it. */
export type BranchOption = { value: number; title: string; children: BranchOption[] };

const optionsOf = (nodes: readonly LookupTreeNode[]): BranchOption[] =>
  nodes.map((node) => ({ value: node.Id, title: node.Name, children: optionsOf(node.Children) }));

function namesOf(nodes: readonly LookupTreeNode[], names = new Map<number, string>()): Map<number, string> {
  for (const node of nodes) {
    names.set(node.Id, node.Name);
    namesOf(node.Children, names);
  }
  return names;
}

/** The tenant's channel tree (regions > branches) for the dialog, and each channel's name for the list. */
export function useBranches() {
  const tree = useFilterTree('channels');
  return useMemo(
    () => ({
      tree: optionsOf(tree.data ?? []),
      names: namesOf(tree.data ?? []),
      loading: tree.isLoading,
    }),
    [tree.data, tree.isLoading],
  );
}
