import { useTranslation } from 'react-i18next';
import { operationTypeKey } from '../audit-log-range';

/** A known operation type by name (AuditOperationType); any other by its number. */
export function OperationTypeName({ type }: { type: number }) {
  const { t } = useTranslation('auditLogs');
  const key = operationTypeKey(type);
  return <>{key ? t(`operationTypes.${key}`) : type}</>;
}
