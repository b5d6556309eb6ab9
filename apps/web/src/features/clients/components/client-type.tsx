import { ClientApplicationType } from '@loupe/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The translated name of a client application type (0 public, 1 confidential). */
export function useApplicationTypeName(): (type: number) => string {
  const { t } = useTranslation('clients');
  return (type) =>
    type === ClientApplicationType.Confidential ? t('types.confidential') : t('types.public');
}

export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('clients');
  return <Tag color={active ? 'green' : undefined}>{active ? t('status.active') : t('status.inactive')}</Tag>;
}
