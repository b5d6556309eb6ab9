import type { AlertStatusValue } from '@loupe/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Each status's colour (surveys spec §4): waiting blue, working orange, done green. */
const COLORS: Record<number, string> = {
  0: 'default',
  1: 'blue',
  2: 'cyan',
  3: 'orange',
  4: 'geekblue',
  5: 'gold',
  6: 'green',
  7: 'purple',
};

/** An alert's status as a tag with its translated name. */
export function AlertStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('alerts');
  return <Tag color={COLORS[status] ?? 'default'}>{t(`status.${status as AlertStatusValue}`)}</Tag>;
}
