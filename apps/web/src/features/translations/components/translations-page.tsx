import { DeleteOutlined, DownloadOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import {
  LANGUAGES,
  TRANSLATION_IMPORT_BODY_LIMIT,
  TRANSLATION_LIMITS,
  hasAnyScope,
  toLanguageCode,
  type LanguageCode,
  type TranslationImportResult,
} from '@loupe/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Input,
  Progress,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { ConfirmActionButton } from '@/components/admin-page/confirm-action-button';
import { useBootstrap } from '@/lib/bootstrap';
import { currentLocale, directionOf } from '@/lib/i18n';
import { exportOverrides, useImportOverrides, useOverrides, useRemoveOverride } from '../api/translations';
import { useShippedCatalogues } from '../catalogue';
import { coverageOf, matching, rowsOf, type TranslationRow } from '../coverage';
import { OverrideDialog } from './override-dialog';
import styles from './translations-page.module.css';

const EMPTY: ReadonlyMap<string, string> = new Map();

/**
 * `/translations` (shell spec §2, docs/translations.md): per language, every key of the console with its default
 * text beside the tenant's override; search, edit, remove, import and export as JSON; and each language's
 * coverage. Overrides reach every user of the tenant through bootstrap at their next page load.
 */
export function TranslationsPage() {
  const { t } = useTranslation('translations');
  const { message } = App.useApp();
  const canManage = hasAnyScope(useBootstrap().data?.User.Scopes ?? [], ['config:manage']);
  const [language, setLanguage] = useState<LanguageCode>(() => currentLocale());
  const [search, setSearch] = useState('');
  const [overriddenOnly, setOverriddenOnly] = useState(false);
  const [editing, setEditing] = useState<TranslationRow | null>(null);
  const [imported, setImported] = useState<TranslationImportResult | null>(null);
  const [page, setPage] = useState(1);
  const shipped = useShippedCatalogues();
  const overrides = useOverrides();
  const importing = useImportOverrides();
  const removing = useRemoveOverride();

  const byLanguage = useMemo(() => {
    const map = new Map<string, Map<string, string>>();
    for (const item of overrides.data?.Items ?? []) {
      const texts = map.get(item.Language) ?? new Map<string, string>();
      texts.set(`${item.Namespace}.${item.Key}`, item.Value);
      map.set(item.Language, texts);
    }
    return map;
  }, [overrides.data]);
  const english = shipped.data?.get('en');
  const rows = useMemo(
    () => (english ? rowsOf(english, shipped.data?.get(language), byLanguage.get(language) ?? EMPTY) : []),
    [english, shipped.data, language, byLanguage],
  );
  const shown = useMemo(
    () => matching(overriddenOnly ? rows.filter((row) => row.override !== undefined) : rows, search),
    [rows, search, overriddenOnly],
  );
  const coverage = LANGUAGES.map(({ code, name }) => ({
    code,
    name,
    ...(english
      ? coverageOf(english, shipped.data?.get(code), byLanguage.get(code) ?? EMPTY)
      : { covered: 0, total: 0, percent: 0 }),
    overrides: byLanguage.get(code)?.size ?? 0,
  }));
  const direction = directionOf(language);

  const importFile = async (file: File) => {
    setImported(null);
    if (file.size > TRANSLATION_IMPORT_BODY_LIMIT) {
      void message.error(t('import.tooLarge'));
      return;
    }
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      document = undefined;
    }
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
      void message.error(t('import.notJson'));
      return;
    }
    importing.mutate(
      { Language: language, Translations: document as Record<string, unknown> },
      { onSuccess: (result) => setImported(result) },
    );
  };

  const columns: TableColumnsType<TranslationRow> = [
    { key: 'namespace', dataIndex: 'namespace', title: t('columns.namespace'), width: 150 },
    {
      key: 'key',
      dataIndex: 'key',
      title: t('columns.key'),
      width: 260,
      render: (key: string) => (
        <Typography.Text code className={styles.key}>
          {key}
        </Typography.Text>
      ),
    },
    {
      key: 'default',
      dataIndex: 'defaultText',
      title: t('columns.default'),
      render: (text: string, row) => (
        <span className={styles.text}>
          <span dir={row.fallback ? 'ltr' : direction}>{text}</span>
          {row.fallback && <Tag className={styles.fallback}>{t('englishFallback')}</Tag>}
        </span>
      ),
    },
    {
      key: 'override',
      dataIndex: 'override',
      title: t('columns.override'),
      render: (text: string | undefined) =>
        text === undefined ? (
          <Typography.Text type="secondary">{t('noOverride')}</Typography.Text>
        ) : (
          <span dir={direction} className={styles.text}>
            {text}
          </span>
        ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 110,
      render: (_, row) =>
        canManage && (
          <Space size={0}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('edit.label', { key: row.id })}
              title={t('edit.label', { key: row.id })}
              onClick={() => setEditing(row)}
            />
            {row.override !== undefined && (
              <ConfirmActionButton
                compact
                danger
                icon={<DeleteOutlined />}
                variables={{ Language: language, Namespace: row.namespace, Key: row.key }}
                mutation={removing}
                texts={{
                  label: t('remove.label', { key: row.id }),
                  button: t('remove.button'),
                  confirmTitle: t('remove.confirmTitle', { key: row.id }),
                  confirmDescription: t('remove.confirmDescription'),
                  done: t('remove.done'),
                  refused: t('remove.refused'),
                }}
              />
            )}
          </Space>
        ),
    },
  ];

  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <Card
        title={<span id="translation-coverage">{t('coverage.title')}</span>}
        size="small"
        className={styles.card}
      >
        <Table
          aria-labelledby="translation-coverage"
          size="small"
          rowKey="code"
          pagination={false}
          loading={shipped.isPending || overrides.isPending}
          dataSource={coverage}
          columns={[
            {
              key: 'language',
              title: t('coverage.language'),
              render: (_, row) => (
                <Button
                  type="link"
                  className={styles.languageLink}
                  aria-pressed={row.code === language}
                  onClick={() => {
                    setLanguage(row.code);
                    setPage(1);
                  }}
                >
                  {row.name}
                </Button>
              ),
            },
            {
              key: 'percent',
              title: t('coverage.percent'),
              width: 260,
              render: (_, row) => (
                <Progress
                  percent={row.percent}
                  format={(percent) => t('coverage.percentValue', { percent: percent ?? 0 })}
                  size="small"
                  aria-label={t('coverage.ariaLabel', { language: row.name, percent: row.percent })}
                />
              ),
            },
            {
              key: 'covered',
              title: t('coverage.keys'),
              width: 220,
              render: (_, row) => t('coverage.count', { covered: row.covered, total: row.total }),
            },
            { key: 'overrides', dataIndex: 'overrides', title: t('coverage.overrides'), width: 120 },
          ]}
        />
        <Typography.Paragraph type="secondary" className={styles.note}>
          {t('coverage.note')}
        </Typography.Paragraph>
      </Card>

      <div className={styles.toolbar} role="toolbar" aria-label={t('toolbar')}>
        <Select<LanguageCode>
          aria-label={t('language')}
          className={styles.language}
          value={language}
          onChange={(value) => {
            setLanguage(toLanguageCode(value) ?? 'tr');
            setPage(1);
          }}
          options={LANGUAGES.map(({ code, name }) => ({ value: code, label: name }))}
        />
        <Input.Search
          allowClear
          aria-label={t('search')}
          placeholder={t('search')}
          className={styles.search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
          onChange={(event) => {
            if (event.target.value === '') setSearch('');
          }}
        />
        <Checkbox
          checked={overriddenOnly}
          onChange={(event) => {
            setOverriddenOnly(event.target.checked);
            setPage(1);
          }}
        >
          {t('overriddenOnly')}
        </Checkbox>
        <span className={styles.spacer} />
        {canManage && (
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(file) => {
              void importFile(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={importing.isPending}>
              {t('import.button')}
            </Button>
          </Upload>
        )}
        <Button
          icon={<DownloadOutlined />}
          onClick={() => {
            void exportOverrides(language).catch(() => undefined);
          }}
        >
          {t('export')}
        </Button>
      </div>

      {imported && (
        <Alert
          className={styles.result}
          type={imported.UnknownCount > 0 ? 'warning' : 'success'}
          showIcon
          closable={{ 'aria-label': t('import.closeResult') }}
          onClose={() => setImported(null)}
          title={t('import.result', {
            stored: imported.Stored,
            removed: imported.Removed,
            unknown: imported.UnknownCount,
          })}
          description={
            imported.UnknownCount > 0 && (
              <>
                <Typography.Text>{t('import.unknownKeys')}</Typography.Text>
                <ul className={styles.unknown}>
                  {imported.Unknown.map((key) => (
                    <li key={key}>
                      <Typography.Text code>{key}</Typography.Text>
                    </li>
                  ))}
                </ul>
                {imported.UnknownCount > imported.Unknown.length && (
                  <Typography.Text type="secondary">
                    {t('import.moreUnknown', { count: imported.UnknownCount - imported.Unknown.length })}
                  </Typography.Text>
                )}
              </>
            )
          }
        />
      )}

      <Table<TranslationRow>
        aria-label={t('tableLabel', {
          language: LANGUAGES.find(({ code }) => code === language)?.name ?? '',
        })}
        size="small"
        rowKey="id"
        loading={shipped.isPending || overrides.isPending}
        dataSource={shown}
        columns={columns}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: page,
          pageSize: 20,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total) => t('total', { count: total }),
        }}
      />
      {editing && (
        <OverrideDialog
          language={language}
          row={editing}
          maxLength={TRANSLATION_LIMITS.valueMax}
          onClose={() => setEditing(null)}
        />
      )}
    </AdminPage>
  );
}
