import { SlidersOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LaterRelease } from '@/components/later-release';
import { useIsBuiltPath } from '@/lib/built-screens';
import { useBootstrap } from '@/lib/bootstrap';
import { PDF_IGNORE_ATTRIBUTE } from '@/widgets/shared/pdf-ignore';
import type { PlacedWidget } from '@/widgets/shared/widget-layout';
import { showsDriverSimulation, simulationPath } from './impact-simulation';
import { useReportWidgets } from '@/widgets/shared/report-context';
import styles from '@/widgets/shared/widget-card.module.css';
import { dataFiltersOf } from '@/widgets/shared/widget-data';

const pdfIgnore = { [PDF_IGNORE_ATTRIBUTE]: '' };

/**
 * The driver-simulation button of a widget card's header (reports spec §2): on the text-analytics impact chart,
 * for users holding any of survey:read, survey:manage, externalSurvey:manage, response:readall or
 * response:readlimited; nothing otherwise, so the card may render it for every widget. It opens the simulation
 * with the widget's topic model and the report's time range; until that screen is built it is shown disabled with
 * a "later release" tooltip.
 */
export function DriverSimulationButton({ widget, title }: { widget: PlacedWidget; title: string }) {
  const { t } = useTranslation('widgetImpact');
  const navigate = useNavigate();
  const scopes = useBootstrap().data?.User.Scopes ?? [];
  const isBuiltPath = useIsBuiltPath();
  const { filter } = useReportWidgets();
  if (!showsDriverSimulation(widget.config, scopes)) return null;
  const path = simulationPath(dataFiltersOf(widget.config).TopicModelId, filter.TimeRange);
  const button = (
    <Button
      type="text"
      size="small"
      className={styles.headerButton}
      icon={<SlidersOutlined aria-hidden="true" />}
      aria-label={t('simulation.openFor', { title })}
      disabled={!isBuiltPath(path)}
      onClick={() => void navigate(path)}
      {...pdfIgnore}
    />
  );
  if (!isBuiltPath(path))
    return <LaterRelease label={t('simulation.openFor', { title })}>{button}</LaterRelease>;
  return <Tooltip title={t('simulation.open')}>{button}</Tooltip>;
}
