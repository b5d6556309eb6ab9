import type { IntegrationSourceKind } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { configurationTypeOf } from '../source-values';

/** A kind's name, with its configuration type number when it has one: "Slack (type 1)", "Webhook". */
export function useKindLabel(): (kind: IntegrationSourceKind) => string {
  const { t } = useTranslation('integrations');
  return (kind) => {
    const type = configurationTypeOf(kind);
    const name = t(`kinds.${kind}`);
    return type === null ? name : t('kindWithType', { kind: name, type });
  };
}
