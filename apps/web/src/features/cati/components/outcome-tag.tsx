import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { outcomeName, type OutcomeName } from '../cati-values';

const COLORS: Record<OutcomeName, string> = {
  completed: 'green',
  callback: 'blue',
  noAnswer: 'default',
  busy: 'gold',
  wrongNumber: 'red',
  refused: 'volcano',
};

/** A call's outcome as a tag; a dash when there is none yet. */
export function OutcomeTag({ outcome }: { outcome: number | null }) {
  const { t } = useTranslation('cati');
  const name = outcomeName(outcome);
  if (!name) return <>–</>;
  return <Tag color={COLORS[name]}>{t(`outcome.names.${name}`)}</Tag>;
}
