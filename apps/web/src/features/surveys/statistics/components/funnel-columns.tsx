import type { Funnel } from '@loupe/contracts';
import type { TableColumnsType } from 'antd';
import { FUNNEL_STAGES, percentOf } from '../statistics-charts';
import type { StatisticsTexts } from './use-statistics-texts';

/** Sorts nulls (no rate) below every number. */
function compareRates(a: number | null, b: number | null): number {
  return (a ?? -1) - (b ?? -1);
}

/**
 * The funnel's columns of the by-survey and by-channel tables: each stage's count and the two rates, right
 * aligned (the end side) and sortable.
 */
export function funnelColumns<Row extends Funnel>(
  texts: StatisticsTexts,
  rateTitles: { response: string; completion: string },
): TableColumnsType<Row> {
  const { formats, stageLabel } = texts;
  return [
    ...FUNNEL_STAGES.map((stage) => ({
      key: stage,
      dataIndex: stage,
      title: stageLabel(stage),
      align: 'end' as const,
      sorter: (a: Row, b: Row) => a[stage] - b[stage],
      render: (value: number) => formats.count(value),
    })),
    {
      key: 'ResponseRate',
      dataIndex: 'ResponseRate',
      title: rateTitles.response,
      align: 'end' as const,
      sorter: (a: Row, b: Row) => compareRates(a.ResponseRate, b.ResponseRate),
      render: (value: number | null) => formats.percent(percentOf(value)),
    },
    {
      key: 'CompletionRate',
      dataIndex: 'CompletionRate',
      title: rateTitles.completion,
      align: 'end' as const,
      sorter: (a: Row, b: Row) => compareRates(a.CompletionRate, b.CompletionRate),
      render: (value: number | null) => formats.percent(percentOf(value)),
    },
  ];
}
