import type { Funnel, SurveyStatistics } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { numberFormats } from '@/widgets/shared/widget-format';
import {
  distributionOption,
  funnelOption,
  funnelSteps,
  funnelSummary,
  isEmptyFunnel,
  overTimeOption,
  percentOf,
  type FunnelStage,
} from './statistics-charts';

const funnel: Funnel = {
  Invited: 1_000,
  Sent: 980,
  Delivered: 950,
  Opened: 600,
  Started: 400,
  Completed: 300,
  ResponseRate: 0.4,
  CompletionRate: 0.75,
};
const nobody: Funnel = {
  Invited: 0,
  Sent: 0,
  Delivered: 0,
  Opened: 0,
  Started: 0,
  Completed: 0,
  ResponseRate: null,
  CompletionRate: null,
};
const formats = numberFormats('en');
const stageLabel = (stage: FunnelStage) => stage.toLowerCase();

type Labelled = { formatter: (params: { dataIndex: number }) => string };

describe('funnelSteps', () => {
  it('gives each stage its count and share of the invited', () => {
    expect(funnelSteps(funnel).map((step) => [step.stage, step.count, step.ofInvited])).toEqual([
      ['Invited', 1_000, 1],
      ['Sent', 980, 0.98],
      ['Delivered', 950, 0.95],
      ['Opened', 600, 0.6],
      ['Started', 400, 0.4],
      ['Completed', 300, 0.3],
    ]);
    expect(funnelSteps(nobody).every((step) => step.ofInvited === null)).toBe(true);
  });

  it('knows an empty funnel and writes rates as percentages', () => {
    expect(isEmptyFunnel(nobody)).toBe(true);
    expect(isEmptyFunnel(funnel)).toBe(false);
    expect(percentOf(0.4)).toBe(40);
    expect(percentOf(null)).toBeNull();
  });
});

describe('funnelOption', () => {
  it('draws a bar per stage labelled with its count and share', () => {
    const option = funnelOption({ funnel, stageLabel, formats, rtl: false });
    const series = (option.series as { data: number[]; label: Labelled }[])[0]!;
    expect(series.data).toEqual([1_000, 980, 950, 600, 400, 300]);
    expect(series.label.formatter({ dataIndex: 0 })).toBe('1,000 (100.0%)');
    expect(series.label.formatter({ dataIndex: 5 })).toBe('300 (30.0%)');
    expect((option.yAxis as { data: string[]; position: string }).data[0]).toBe('invited');
    expect((option.yAxis as { position: string }).position).toBe('left');
  });

  it('mirrors right to left: bars grow from the right, names on the right', () => {
    const option = funnelOption({ funnel, stageLabel, formats: numberFormats('ar'), rtl: true });
    expect((option.xAxis as { inverse: boolean }).inverse).toBe(true);
    expect((option.yAxis as { position: string }).position).toBe('right');
  });

  it('summarises the funnel for screen readers', () => {
    expect(funnelSummary(funnel, stageLabel, formats)).toContain('completed 300 (30.0%)');
  });
});

describe('distributionOption', () => {
  const question: SurveyStatistics['Questions'][number] = {
    QuestionId: 1,
    Text: 'How likely?',
    QuestionTypeName: 'MCSS',
    Answered: 40,
    DropOff: 3,
    Distribution: [
      { Value: 0, Label: 'No', Count: 10 },
      { Value: 1, Label: 'Yes', Count: 30 },
    ],
  };

  it('draws a bar per choice with its share of the counted answers', () => {
    const option = distributionOption({ question, seriesName: 'answers', formats, rtl: false });
    const series = (option.series as { data: number[]; label: Labelled }[])[0]!;
    expect((option.yAxis as { data: string[] }).data).toEqual(['No', 'Yes']);
    expect(series.data).toEqual([10, 30]);
    expect(series.label.formatter({ dataIndex: 1 })).toBe('30 (75.0%)');
  });
});

describe('overTimeOption', () => {
  it('draws a line per stage over the periods, mirrored right to left', () => {
    const rows = [
      { ...funnel, Period: '2026-11-01' },
      { ...nobody, Period: '2026-11-02' },
    ];
    const option = overTimeOption({ rows, periodLabel: (p) => p.slice(5), stageLabel, formats, rtl: true });
    const series = option.series as { name: string; data: number[] }[];
    expect(series.map((line) => line.name)).toEqual([
      'invited',
      'sent',
      'delivered',
      'opened',
      'started',
      'completed',
    ]);
    expect(series[5]!.data).toEqual([300, 0]);
    expect((option.xAxis as { data: string[]; inverse: boolean }).data).toEqual(['11-01', '11-02']);
    expect((option.xAxis as { inverse: boolean }).inverse).toBe(true);
    expect((option.yAxis as { position: string }).position).toBe('right');
  });
});
