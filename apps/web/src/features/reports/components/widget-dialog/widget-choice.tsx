import { LockOutlined, MailOutlined } from '@ant-design/icons';
import {
  WIDGET_DIALOG_TABS,
  type WidgetCatalogueItem,
  type WidgetCategory,
  type WidgetDialogTab,
} from '@loupe/contracts';
import { Alert, Button, Empty, Input, Menu, Result, Skeleton, Tabs, Tooltip, type InputRef } from 'antd';
import { useId, useMemo, useState } from 'react';
import { categoriesOfTab, lockReasonOf, widgetsToShow } from './catalogue-choice';
import { useCatalogueTitle, useDialogText } from './dialog-text';
import styles from './widget-dialog.module.css';
import { WidgetKindIcon } from './widget-kind-icon';
import { useOpenFocus } from '@/lib/use-open-focus';

type Props = {
  widgets: readonly WidgetCatalogueItem[];
  categories: readonly WidgetCategory[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  aiModuleActive: boolean;
  /** The get-in-touch link of the AI note (a mailto: address). */
  contactHref: string;
  onChoose: (item: WidgetCatalogueItem) => void;
};

const ALL = 'all';

/**
 * The add flow's first step (reports spec §2): search by title, or browse the tabs General and TextAnalytics and
 * a tab's categories; widget cards to pick from. Locked widgets cannot be picked and say why in a tooltip; while
 * the AI module is off, text-analytics widgets are locked and an info note offers a get-in-touch link.
 */
export function WidgetChoice({
  widgets,
  categories,
  loading,
  failed,
  onRetry,
  aiModuleActive,
  contactHref,
  onChoose,
}: Props) {
  const { t, tx } = useDialogText();
  const titleOf = useCatalogueTitle();
  const searchId = useId();
  const [tab, setTab] = useState<WidgetDialogTab>('General');
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const [search, setSearch] = useState('');
  const searchRef = useOpenFocus<InputRef>();
  const term = search.trim();

  const shown = useMemo(
    () => widgetsToShow({ widgets, tab, categoryId, search, titleOf: (item) => titleOf(item.Title) }),
    [widgets, tab, categoryId, search, titleOf],
  );

  if (loading) return <Skeleton active aria-label={t('choice.loading')} />;
  if (failed) {
    return (
      <Result
        status="warning"
        title={t('choice.loadFailed')}
        extra={<Button onClick={onRetry}>{t('choice.retry')}</Button>}
      />
    );
  }

  const aiNote = !aiModuleActive && shown.some((item) => lockReasonOf(item, false) === 'aiModule') && (
    <Alert
      type="info"
      showIcon
      className={styles.aiNote}
      title={t('choice.aiNoteTitle')}
      description={t('choice.aiNote')}
      action={
        <Button icon={<MailOutlined aria-hidden="true" />} href={contactHref}>
          {t('choice.getInTouch')}
        </Button>
      }
    />
  );

  const cards = (
    <>
      {aiNote}
      {shown.length === 0 ? (
        <Empty description={t('choice.noWidgets')} />
      ) : (
        <ul className={styles.cards} aria-label={term === '' ? t('choice.widgets') : undefined}>
          {shown.map((item) => (
            <li key={item.Id}>
              <WidgetOption item={item} aiModuleActive={aiModuleActive} onChoose={onChoose} />
            </li>
          ))}
        </ul>
      )}
    </>
  );

  const tabCategories = categoriesOfTab(categories, tab);
  const browse = (
    <div className={styles.browse}>
      <nav aria-label={t('choice.categories')} className={styles.categories}>
        <Menu
          mode="inline"
          selectedKeys={[categoryId === undefined ? ALL : String(categoryId)]}
          onClick={({ key }) => setCategoryId(key === ALL ? undefined : Number(key))}
          items={[
            { key: ALL, label: t('choice.allCategories') },
            ...tabCategories.map((category) => ({
              key: String(category.Id),
              label: titleOf(category.Name),
            })),
          ]}
        />
      </nav>
      <div className={styles.cardArea}>{cards}</div>
    </div>
  );

  return (
    <div className={styles.choice}>
      <Input.Search
        id={searchId}
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('choice.search')}
        aria-label={t('choice.searchLabel')}
        ref={searchRef}
      />
      {term === '' ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setTab(key as WidgetDialogTab);
            setCategoryId(undefined);
          }}
          items={WIDGET_DIALOG_TABS.map((key) => ({
            key,
            label: tx(`choice.tabs.${key}`),
            children: key === tab ? browse : null,
          }))}
        />
      ) : (
        <section aria-label={t('choice.searchResults', { term })} className={styles.results}>
          <p className={styles.resultsTitle}>{t('choice.searchResults', { term })}</p>
          {cards}
        </section>
      )}
    </div>
  );
}

function WidgetOption({
  item,
  aiModuleActive,
  onChoose,
}: {
  item: WidgetCatalogueItem;
  aiModuleActive: boolean;
  onChoose: (item: WidgetCatalogueItem) => void;
}) {
  const { t } = useDialogText();
  const titleOf = useCatalogueTitle();
  const lock = lockReasonOf(item, aiModuleActive);
  const descriptionId = useId();
  const title = titleOf(item.Title);
  const description = item.Description.trim() === '' ? undefined : titleOf(item.Description);
  const kind = titleOf(item.WidgetTypeName);
  const lockText = lock === 'aiModule' ? t('choice.aiLocked') : lock === 'locked' ? t('choice.locked') : '';

  const button = (
    <button
      type="button"
      className={styles.card}
      // Locked cards stay focusable (aria-disabled), so the tooltip saying why reaches keyboard users too.
      aria-disabled={lock !== undefined}
      aria-describedby={descriptionId}
      onClick={() => {
        if (lock === undefined) onChoose(item);
      }}
    >
      <span className={styles.cardIcon}>
        <WidgetKindIcon kind={item.WidgetKind} />
      </span>
      <span className={styles.cardText}>
        <span className={styles.cardTitle}>
          {title}
          {lock && <LockOutlined className={styles.lock} aria-hidden />}
        </span>
        <span id={descriptionId} className={styles.cardDescription}>
          {description && <span>{description}</span>}
          <span className={styles.cardKind}>{t('choice.kind', { kind })}</span>
          {lock && <span className={styles.srOnly}>{lockText}</span>}
        </span>
      </span>
    </button>
  );

  return lock ? <Tooltip title={lockText}>{button}</Tooltip> : button;
}
