import type { LookupTreeNode } from '@loupe/contracts';
import { Button, Spin, TreeSelect } from 'antd';
import { useEffect, useMemo, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './report-filter.module.css';
import {
  TREE_BATCH_SIZE,
  TREE_MAX_TAG_COUNT,
  TREE_NO_RESULTS_AFTER_MS,
  TREE_POPUP_MAX_WIDTH,
  isPastLoadMorePoint,
  isSearching,
  treeNames,
  visibleTree,
} from './tree-options';

type LabeledValue = { value: number; label: string };

type Props = {
  /** The control's id, for its label's `htmlFor`. */
  id: string;
  nodes: readonly LookupTreeNode[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  loading?: boolean;
  placeholder?: string;
  status?: 'error';
};

/** Half the window's height: the drop-down's scroll area (reports spec §9: 50vh). */
function popupListHeight(): number {
  return typeof window === 'undefined' ? 400 : Math.round(window.innerHeight / 2);
}

/**
 * A multiple tree select for a channel, product or location filter (shell spec §9): every node below 1,500,
 * else 50 at a time with more past 80 % of the scroll (or the "show more" button); a search from 2 characters;
 * a no-results text once a search has found nothing for 15 seconds; two chosen values, then "+N".
 */
export function FilterTreeSelect({
  id,
  nodes,
  value,
  onChange,
  disabled,
  loading,
  placeholder,
  status,
}: Props) {
  const { t } = useTranslation('filters');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(TREE_BATCH_SIZE);
  const [expanded, setExpanded] = useState<(string | number)[]>([]);
  const [searchTimedOut, setSearchTimedOut] = useState(false);

  const visible = useMemo(() => visibleTree({ nodes, search, limit }), [nodes, search, limit]);
  const names = useMemo(() => treeNames(nodes), [nodes]);
  const labeledValue: LabeledValue[] = value.map((nodeId) => ({
    value: nodeId,
    label: names.get(nodeId) ?? String(nodeId),
  }));

  const searching = isSearching(search);
  const noMatches = searching && visible.matches === 0;
  useEffect(() => {
    if (!noMatches) return;
    const timer = setTimeout(() => setSearchTimedOut(true), TREE_NO_RESULTS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [noMatches, search]);

  const onSearch = (term: string) => {
    setSearch(term);
    setLimit(TREE_BATCH_SIZE);
    setSearchTimedOut(false);
  };

  const loadMore = () => setLimit((current) => current + TREE_BATCH_SIZE);
  const onPopupScroll = (event: UIEvent<HTMLDivElement>) => {
    if (visible.hasMore && isPastLoadMorePoint(event.currentTarget)) loadMore();
  };

  const notFound = loading ? (
    <Spin size="small" />
  ) : noMatches && !searchTimedOut ? (
    <span className={styles.searching}>
      <Spin size="small" /> {t('tree.searching')}
    </span>
  ) : (
    t('tree.noResults')
  );

  return (
    <TreeSelect<LabeledValue[]>
      id={id}
      multiple
      labelInValue
      allowClear
      value={labeledValue}
      onChange={(next) => onChange(next.map((item) => item.value))}
      treeData={visible.options}
      treeExpandedKeys={searching ? visible.expandedIds : expanded}
      onTreeExpand={(keys) => {
        if (!searching) setExpanded(keys);
      }}
      showSearch={{ searchValue: search, onSearch, filterTreeNode: false, autoClearSearchValue: false }}
      onOpenChange={(open) => {
        if (!open) onSearch('');
      }}
      onPopupScroll={onPopupScroll}
      popupRender={(menu) => (
        <>
          {menu}
          {search.trim().length === 1 ? <div className={styles.treeHint}>{t('tree.searchHint')}</div> : null}
          {visible.hasMore ? (
            <Button
              type="link"
              size="small"
              className={styles.loadMore}
              // Keep the focus in the select, so that the drop-down stays open.
              onMouseDown={(event) => event.preventDefault()}
              onClick={loadMore}
            >
              {t('tree.loadMore', { shown: visible.shown, total: visible.total })}
            </Button>
          ) : null}
        </>
      )}
      maxTagCount={TREE_MAX_TAG_COUNT}
      maxTagPlaceholder={(omitted) => t('tree.moreTags', { count: omitted.length })}
      listHeight={popupListHeight()}
      styles={{ popup: { root: { maxWidth: TREE_POPUP_MAX_WIDTH } } }}
      notFoundContent={notFound}
      loading={loading}
      disabled={disabled}
      placeholder={placeholder}
      status={status}
      className={styles.control}
    />
  );
}
