import type { AiSentimentModel, AiSentimentStatistics } from '@loupe/contracts';
import { Card, Empty, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { useSentimentStatistics } from '../api/sentiment-models';
import { formatDateTime, formatF1 } from './sentiment-models-page';
import { SentimentSubpage } from './sentiment-subpage';

type VersionRow = AiSentimentStatistics['Versions'][number];
type ClassRow = AiSentimentStatistics['Classes'][number];
const ORDER = ['negative', 'neutral', 'positive'] as const;
/** RGB of a confusion cell: green on the diagonal (right), red off it (wrong); its share of the row shades it. */
const RIGHT_RGB = '82, 196, 26';
const WRONG_RGB = '245, 34, 45';

/** `/ai-sentiment-models/{id}/statistics`: the versions, and one version's per-class figures and confusion matrix. */
export function SentimentStatisticsPage() {
  return (
    <SentimentSubpage titleKey="statistics.title">
      {(model, back) => <Statistics model={model} back={back} />}
    </SentimentSubpage>
  );
}

function Statistics({ model, back }: { model: AiSentimentModel; back: { to: string; label: string } }) {
  const { t } = useTranslation('aiSentimentModels');
  const [version, setVersion] = useState<number | undefined>(undefined);
  const statistics = useSentimentStatistics(model.Id, version);
  const data = statistics.data;
  const versionColumns = [
    { key: 'Version', dataIndex: 'Version', title: t('statistics.version') },
    { key: 'TrainedDate', dataIndex: 'TrainedDate', title: t('fields.trainedDate'), render: formatDateTime },
    { key: 'LabelCount', dataIndex: 'LabelCount', title: t('fields.labelCount') },
    {
      key: 'Accepted',
      dataIndex: 'Accepted',
      title: t('statistics.accepted'),
      render: (accepted: boolean, row: VersionRow) => (
        <Space size={4}>
          <Tag color={accepted ? 'green' : 'red'}>{t(accepted ? 'statistics.yes' : 'statistics.no')}</Tag>
          {row.IsCurrent && <Tag color="blue">{t('statistics.current')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'RejectedReason',
      dataIndex: 'RejectedReason',
      title: t('statistics.reason'),
      render: (v: string | null) => v ?? '',
    },
    { key: 'MacroF1', dataIndex: 'MacroF1', title: t('fields.macroF1'), render: formatF1 },
    { key: 'TrainingMs', dataIndex: 'TrainingMs', title: t('statistics.trainingMs') },
  ];
  const classColumns = [
    {
      key: 'Label',
      dataIndex: 'Label',
      title: t('statistics.class'),
      render: (label: ClassRow['Label']) => t(`labels.${label}`),
    },
    { key: 'Precision', dataIndex: 'Precision', title: t('statistics.precision'), render: formatF1 },
    { key: 'Recall', dataIndex: 'Recall', title: t('statistics.recall'), render: formatF1 },
    { key: 'F1', dataIndex: 'F1', title: 'F1', render: formatF1 },
    { key: 'Support', dataIndex: 'Support', title: t('statistics.support') },
  ];
  return (
    <AdminPage title={t('statistics.title', { name: model.Name })} back={back} intro={t('statistics.intro')}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={t('statistics.versions')}>
          <Table<VersionRow>
            rowKey="Version"
            size="small"
            pagination={false}
            loading={statistics.isLoading}
            dataSource={data?.Versions ?? []}
            columns={versionColumns}
            locale={{ emptyText: t('statistics.empty') }}
          />
        </Card>
        {data && data.Version !== null && (
          <Card
            title={t('statistics.ofVersion', {
              version: data.Version,
              evaluation: t(`statistics.evaluation.${data.Evaluation ?? 'golden'}`),
            })}
            extra={
              <label>
                {t('statistics.version')}{' '}
                <Select<number>
                  aria-label={t('statistics.version')}
                  value={data.Version}
                  style={{ minWidth: 90 }}
                  onChange={setVersion}
                  options={data.Versions.map((v) => ({ value: v.Version, label: String(v.Version) }))}
                />
              </label>
            }
          >
            <p>
              {t('fields.macroF1')}: {formatF1(data.MacroF1)}
            </p>
            <Table<ClassRow>
              rowKey="Label"
              size="small"
              pagination={false}
              dataSource={data.Classes}
              columns={classColumns}
            />
            <h3 style={{ marginTop: 24 }}>{t('statistics.confusion')}</h3>
            <table className="sentiment-confusion" style={{ borderCollapse: 'collapse' }}>
              <caption style={{ captionSide: 'bottom', textAlign: 'start' }}>
                {t('statistics.confusionHelp')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('statistics.actualPredicted')}</th>
                  {ORDER.map((label) => (
                    <th key={label} scope="col" style={{ padding: '4px 12px' }}>
                      {t(`labels.${label}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ORDER.map((actual, i) => {
                  const row = data.Confusion[i] ?? [];
                  const total = row.reduce((sum, n) => sum + n, 0) || 1;
                  return (
                    <tr key={actual}>
                      <th scope="row" style={{ padding: '4px 12px', textAlign: 'start' }}>
                        {t(`labels.${actual}`)}
                      </th>
                      {ORDER.map((predicted, j) => {
                        const n = row[j] ?? 0;
                        const share = n / total;
                        const hue = i === j ? RIGHT_RGB : WRONG_RGB;
                        return (
                          <td
                            key={predicted}
                            style={{
                              padding: '8px 16px',
                              textAlign: 'center',
                              border: '1px solid #d9d9d9',
                              background: `rgba(${hue}, ${(0.1 + 0.6 * share).toFixed(2)})`,
                            }}
                          >
                            {n}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Card>
        )}
        {data && data.Version === null && <Empty description={t('statistics.empty')} />}
      </Space>
    </AdminPage>
  );
}
