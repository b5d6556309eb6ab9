import type { Funnel } from '@loupe/contracts';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { funnelColumns } from './funnel-columns';
import type { StatisticsTexts } from './use-statistics-texts';

type ChannelRow = Funnel & { Channel: number };

/** The funnel per invitation channel, one row each, sortable. */
export function ChannelTable({ rows, texts }: { rows: readonly ChannelRow[]; texts: StatisticsTexts }) {
  const { t } = useTranslation('surveyStats');
  return (
    <Card title={t('statistics.byChannel')} size="small">
      <Table<ChannelRow>
        size="small"
        rowKey="Channel"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={[...rows]}
        columns={[
          {
            key: 'Channel',
            dataIndex: 'Channel',
            title: t('columns.channel'),
            fixed: 'start',
            sorter: (a, b) => texts.channelName(a.Channel).localeCompare(texts.channelName(b.Channel)),
            render: (channel: number) => texts.channelName(channel),
          },
          ...funnelColumns<ChannelRow>(texts, {
            response: t('rates.response'),
            completion: t('rates.completion'),
          }),
        ]}
      />
    </Card>
  );
}
