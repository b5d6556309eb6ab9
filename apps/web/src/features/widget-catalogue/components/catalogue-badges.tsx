import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The tags of a catalogue row: system or the tenant's own, and AI (needs the text-analytics module). */
export function CatalogueBadges({ isSystem, isAi }: { isSystem: boolean; isAi: boolean }) {
  const { t } = useTranslation('widgetCatalogue');
  return (
    <Space size={4} wrap>
      {isSystem ? <Tag color="blue">{t('badges.system')}</Tag> : <Tag>{t('badges.own')}</Tag>}
      {isAi && <Tag color="purple">{t('badges.ai')}</Tag>}
    </Space>
  );
}

/** A widget's state for the caller: disabled, locked (an AI widget while the module is off) or enabled. */
export function WidgetStatus({ isEnabled, isLocked }: { isEnabled: boolean; isLocked: boolean }) {
  const { t } = useTranslation('widgetCatalogue');
  if (!isEnabled) return <Tag>{t('badges.disabled')}</Tag>;
  if (isLocked) return <Tag color="orange">{t('badges.locked')}</Tag>;
  return <Tag color="green">{t('badges.enabled')}</Tag>;
}
