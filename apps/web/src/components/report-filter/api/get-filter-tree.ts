import { lookupTreeNodeSchema, type LookupTreeNode } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { LOOKUP_STALE_TIME, filterKeys } from './filter-query-keys';

/** The trees the filters choose from: transaction channels, products, and locations (channel and invitee). */
export type FilterTreeList = 'channels' | 'products' | 'locations';

/** `GET /api/filters/{channels|products|locations}?isTreeBuilt=true`: the tree, trimmed by the caller's restrictions. */
function getFilterTree(list: FilterTreeList, signal?: AbortSignal): Promise<LookupTreeNode[]> {
  return apiRequest({
    path: `/api/filters/${list}?isTreeBuilt=true`,
    schema: z.array(lookupTreeNodeSchema),
    signal,
    // The field says the options are unavailable; no dialog for a list.
    showErrorDialog: false,
  });
}

function filterTreeQueryOptions(list: FilterTreeList) {
  return queryOptions({
    queryKey: filterKeys.lookup(list),
    queryFn: ({ signal }) => getFilterTree(list, signal),
    staleTime: LOOKUP_STALE_TIME,
  });
}

export function useFilterTree(list: FilterTreeList, enabled = true) {
  return useQuery({ ...filterTreeQueryOptions(list), enabled });
}
