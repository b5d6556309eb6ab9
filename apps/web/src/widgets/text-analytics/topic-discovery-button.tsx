import { CompassOutlined } from '@ant-design/icons';
import type { WidgetKind } from '@loupe/contracts';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LaterRelease } from '@/components/later-release';
import { useIsBuiltPath } from '@/lib/built-screens';
import { useBootstrap } from '@/lib/bootstrap';
import { PDF_IGNORE_ATTRIBUTE } from '@/widgets/shared/pdf-ignore';
import type { PlacedWidget } from '@/widgets/shared/widget-layout';
import { showsTopicDiscovery, topicDiscoveryPath } from './bubble-topic-discovery';
import styles from '@/widgets/shared/widget-card.module.css';
import { dataFiltersOf } from '@/widgets/shared/widget-data';

const pdfIgnore = { [PDF_IGNORE_ATTRIBUTE]: '' };

/**
 * The go-to-topic-discovery button of a widget card's header (reports spec §2): on the topics bubble and
 * top-phrases charts, for users holding topicDiscovery while the AI module is active; nothing otherwise, so the
 * card may render it for every widget. It opens topic discovery on the widget's topic model; until that screen is
 * built it is shown disabled with a "later release" tooltip.
 */
export function TopicDiscoveryButton({
  widget,
  kind,
  title,
}: {
  widget: PlacedWidget;
  kind: WidgetKind | undefined;
  title: string;
}) {
  const { t } = useTranslation('widgetTextAnalytics');
  const navigate = useNavigate();
  const bootstrap = useBootstrap().data;
  const isBuiltPath = useIsBuiltPath();
  const shown = showsTopicDiscovery({
    kind,
    scopes: bootstrap?.User.Scopes ?? [],
    aiModuleActive: bootstrap?.IsAIModuleActive ?? false,
  });
  if (!shown) return null;
  const path = topicDiscoveryPath(dataFiltersOf(widget.config));
  const button = (
    <Button
      type="text"
      size="small"
      className={styles.headerButton}
      icon={<CompassOutlined aria-hidden="true" />}
      aria-label={t('topicDiscovery.label', { title })}
      disabled={!isBuiltPath(path)}
      onClick={() => void navigate(path)}
      {...pdfIgnore}
    />
  );
  if (!isBuiltPath(path))
    return <LaterRelease label={t('topicDiscovery.label', { title })}>{button}</LaterRelease>;
  return <Tooltip title={t('topicDiscovery.button')}>{button}</Tooltip>;
}
