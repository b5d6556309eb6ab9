import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  SURVEY_LINK_LIMITS,
  SurveyType,
  hasAnyScope,
  type SurveyDetail,
  type SurveyLink,
} from '@loupe/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '@/lib/bootstrap';
import { errorMessage } from '@/lib/error-message';
import { useDeleteSurveyLink } from '../api/delete-survey-link';
import { useSurveyLinks } from '../api/get-survey-links';
import { SurveyLinkDialog } from './survey-link-dialog';
import { SurveyLinkQr } from './survey-link-qr';
import { useBranches } from './use-branches';
import styles from './survey-links.module.css';

/** Editing: a new link (no link) or one of the list. */
type Editing = { link: SurveyLink | undefined } | null;

/**
 * The survey's touchpoint links (issue 17, docs/survey-links.md): name, branch, presentation frequency, active,
 * sessions, the URL with a copy button and the QR code (shown, SVG and PNG downloads); create and edit in a dialog,
 * delete after a confirmation. Readers see the list; the survey's write scope (by its type) may change it.
 */
export function SurveyLinksPanel({ survey }: { survey: SurveyDetail }) {
  const { t } = useTranslation('surveyLinks');
  const { t: tc } = useTranslation();
  const { message, modal } = App.useApp();
  const links = useSurveyLinks(survey.Id);
  const branches = useBranches();
  const remove = useDeleteSurveyLink();
  const [editing, setEditing] = useState<Editing>(null);
  const scopes = useBootstrap().data?.User.Scopes ?? [];
  const canManage = hasAnyScope(scopes, [
    survey.Type === SurveyType.External ? 'externalSurvey:manage' : 'survey:manage',
  ]);
  const items = links.data?.Items ?? [];
  const full = items.length >= SURVEY_LINK_LIMITS.linksPerSurveyMax;

  const copy = async (link: SurveyLink) => {
    try {
      await navigator.clipboard.writeText(link.Url);
      void message.success(t('copied'));
    } catch {
      void message.error(t('copyFailed'));
    }
  };

  const confirmDelete = (link: SurveyLink) =>
    void modal.confirm({
      title: t('confirmDelete', { name: link.Name }),
      content: t('confirmDeleteText'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('dialog.cancel'),
      onOk: () =>
        remove.mutateAsync(
          { surveyId: survey.Id, linkId: link.Id },
          { onSuccess: () => void message.success(t('deleted')) },
        ),
    });

  const columns: TableColumnsType<SurveyLink> = [
    { title: t('columns.name'), dataIndex: 'Name', key: 'name' },
    {
      title: t('columns.branch'),
      key: 'branch',
      render: (_value, link) =>
        link.TransactionChannelId === null ? (
          <Typography.Text type="secondary">{t('noBranch')}</Typography.Text>
        ) : (
          (branches.names.get(link.TransactionChannelId) ?? `#${link.TransactionChannelId}`)
        ),
    },
    {
      title: t('columns.frequency'),
      key: 'frequency',
      render: (_value, link) => t(`frequency.${link.PresentationFrequency}`),
    },
    {
      title: t('columns.active'),
      key: 'active',
      render: (_value, link) =>
        link.IsActive ? <Tag color="green">{t('active')}</Tag> : <Tag>{t('inactive')}</Tag>,
    },
    { title: t('columns.sessions'), dataIndex: 'SessionCount', key: 'sessions', align: 'end' },
    {
      title: t('columns.url'),
      key: 'url',
      render: (_value, link) => (
        <Space size={4} className={styles.url}>
          <Typography.Text code dir="ltr" className={styles.urlText} title={link.Url}>
            {link.Url}
          </Typography.Text>
          <Tooltip title={t('copy')}>
            <Button
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('copyOf', { name: link.Name })}
              onClick={() => void copy(link)}
            />
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('columns.qr'),
      key: 'qr',
      render: (_value, link) => <SurveyLinkQr link={link} />,
    },
    ...(canManage
      ? [
          {
            title: t('columns.actions'),
            key: 'actions',
            render: (_value: unknown, link: SurveyLink) => (
              <Space size={4}>
                <Tooltip title={t('edit')}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('editOf', { name: link.Name })}
                    onClick={() => setEditing({ link })}
                  />
                </Tooltip>
                <Tooltip title={t('delete')}>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('deleteOf', { name: link.Name })}
                    onClick={() => confirmDelete(link)}
                  />
                </Tooltip>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      className={styles.panel}
      title={<h2 className={styles.title}>{t('title')}</h2>}
      extra={
        canManage && (
          <Tooltip title={full ? t('limit', { max: SURVEY_LINK_LIMITS.linksPerSurveyMax }) : undefined}>
            <Button icon={<PlusOutlined />} disabled={full} onClick={() => setEditing({ link: undefined })}>
              {t('add')}
            </Button>
          </Tooltip>
        )
      }
      aria-label={t('title')}
      role="region"
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {links.isError && <Alert type="error" showIcon role="alert" message={t('loadFailed')} />}
      {remove.error && <Alert type="error" showIcon role="alert" message={errorMessage(remove.error, tc)} />}
      <Table<SurveyLink>
        rowKey="Id"
        size="small"
        loading={links.isLoading}
        columns={columns}
        dataSource={items}
        pagination={false}
        className={styles.table}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
      />
      {full && (
        <Typography.Paragraph type="secondary" className={styles.limit}>
          {t('limit', { max: SURVEY_LINK_LIMITS.linksPerSurveyMax })}
        </Typography.Paragraph>
      )}
      {editing && (
        <SurveyLinkDialog
          surveyId={survey.Id}
          link={editing.link}
          branches={branches}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
